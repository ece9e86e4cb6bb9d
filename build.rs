//! Windows: puts the icon and the version (what Explorer's Properties, the taskbar,
//! shortcuts and Settings → Apps show) into `xiangqi.exe`, compiled by MinGW's `windres`
//! (a cross build from Linux, as `packaging/windows.sh` does, or MSYS2 on Windows).
//! Every other target: nothing (the window icon is set at run time; Linux desktops use
//! the installed icon theme, macOS the app bundle's).

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=assets/icons/org.xiangqi.Xiangqi.ico");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    if let Err(e) = windows_resources() {
        println!("cargo::warning=the .exe gets no icon: {e}");
    }
}

fn windows_resources() -> Result<(), String> {
    let var = |name: &str| std::env::var(name).map_err(|e| format!("{name}: {e}"));
    if var("CARGO_CFG_TARGET_ENV")? != "gnu" {
        return Err("only MinGW's windres is supported (the x86_64-pc-windows-gnu target)".into());
    }
    let out = PathBuf::from(var("OUT_DIR")?);
    let icon =
        PathBuf::from(var("CARGO_MANIFEST_DIR")?).join("assets/icons/org.xiangqi.Xiangqi.ico");
    let version = var("CARGO_PKG_VERSION")?;
    let numbers: Vec<u16> = version
        .split(['.', '-', '+'])
        .take(3)
        .map(|n| n.parse().unwrap_or(0))
        .collect();
    let [major, minor, patch] = numbers[..] else {
        return Err(format!("a version of three numbers, not {version}"));
    };
    // windres reads the path as a C string: forward slashes need no escaping.
    let icon = icon.to_string_lossy().replace('\\', "/");
    let rc = format!(
        r#"1 ICON "{icon}"
1 VERSIONINFO
FILEVERSION {major},{minor},{patch},0
PRODUCTVERSION {major},{minor},{patch},0
BEGIN
  BLOCK "StringFileInfo"
  BEGIN
    BLOCK "040904B0"
    BEGIN
      VALUE "CompanyName", "Xiangqi"
      VALUE "FileDescription", "Xiangqi (Chinese chess and Go)"
      VALUE "FileVersion", "{version}"
      VALUE "InternalName", "xiangqi"
      VALUE "LegalCopyright", "MIT OR Apache-2.0"
      VALUE "OriginalFilename", "xiangqi.exe"
      VALUE "ProductName", "Xiangqi"
      VALUE "ProductVersion", "{version}"
    END
  END
  BLOCK "VarFileInfo"
  BEGIN
    VALUE "Translation", 0x409, 1200
  END
END
"#
    );
    let rc_path = out.join("xiangqi.rc");
    let object = out.join("xiangqi-resources.o");
    std::fs::write(&rc_path, rc).map_err(|e| e.to_string())?;
    let arch = var("CARGO_CFG_TARGET_ARCH")?;
    let windres = [format!("{arch}-w64-mingw32-windres"), "windres".to_owned()]
        .into_iter()
        .find(|w| Command::new(w).arg("--version").output().is_ok())
        .ok_or("no windres (MinGW's binutils) on the PATH")?;
    let status = Command::new(&windres)
        .args(["-O", "coff", "-i"])
        .arg(&rc_path)
        .arg("-o")
        .arg(&object)
        .status()
        .map_err(|e| format!("{windres}: {e}"))?;
    if !status.success() {
        return Err(format!("{windres} failed ({status})"));
    }
    // An object file (not a library): the linker keeps all of its sections.
    println!("cargo::rustc-link-arg-bins={}", object.display());
    Ok(())
}
