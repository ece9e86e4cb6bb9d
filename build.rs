//! Windows: puts the icon into the `.exe`, for Explorer, the taskbar and shortcuts. Every
//! other target: nothing (the window icon is set at run time; Linux desktops use the
//! installed icon theme, macOS the app bundle's).

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=assets/icons/org.xiangqi.Xiangqi.ico");
    // The resource compiler runs on Windows hosts; a cross build from elsewhere goes
    // without the embedded icon.
    #[cfg(windows)]
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("windows") {
        let mut res = winresource::WindowsResource::new();
        res.set_icon("assets/icons/org.xiangqi.Xiangqi.ico");
        if let Err(e) = res.compile() {
            println!("cargo::warning=the .exe gets no icon: {e}");
        }
    }
}
