; The Windows installer: per user (no administrator), into %LOCALAPPDATA%\Programs\Xiangqi,
; with the game, both engines and their licences. A Start-menu entry, the game's file
; types opening in it (HKCU), and an uninstaller in Settings -> Apps that removes all of
; that and leaves the player's games and settings (%APPDATA%\xiangqi) where they are.
;
; Made by packaging/windows.sh:
;   makensis -DVERSION=0.1.0 -DSTAGE=<folder> -DICON=<.ico> -DOUTFILE=<setup.exe> xiangqi.nsi

Unicode true
Target amd64-unicode
SetCompressor /SOLID lzma
RequestExecutionLevel user
ManifestDPIAware true

!include "MUI2.nsh"
!include "FileFunc.nsh"

!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Xiangqi"
!define APP_KEY "Software\Xiangqi"

Name "Xiangqi 象棋"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\Xiangqi"
InstallDirRegKey HKCU "${APP_KEY}" "InstallDir"
BrandingText "Xiangqi ${VERSION}"
VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=0 "ProductName" "Xiangqi"
VIAddVersionKey /LANG=0 "FileDescription" "Xiangqi setup"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "LegalCopyright" "MIT OR Apache-2.0; engines GPL-3.0"

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_FINISHPAGE_RUN "$INSTDIR\xiangqi.exe"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

; The first is the default; the rest are chosen by Windows' display language.
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "SimpChinese"
!insertmacro MUI_LANGUAGE "TradChinese"

LangString KEPT ${LANG_ENGLISH} "Xiangqi is removed. Your games and settings are kept in $APPDATA\xiangqi: delete that folder to remove them too."
LangString KEPT ${LANG_SIMPCHINESE} "象棋已卸载。你的棋局和设置仍保存在 $APPDATA\xiangqi 中；如果也不要了，请删除这个文件夹。"
LangString KEPT ${LANG_TRADCHINESE} "象棋已解除安裝。你的棋局和設定仍保存在 $APPDATA\xiangqi 中；如果也不要了，請刪除這個資料夾。"
LangString GAME ${LANG_ENGLISH} "Xiangqi game"
LangString GAME ${LANG_SIMPCHINESE} "象棋棋谱"
LangString GAME ${LANG_TRADCHINESE} "象棋棋譜"
LangString POSITION ${LANG_ENGLISH} "Xiangqi position"
LangString POSITION ${LANG_SIMPCHINESE} "象棋局面"
LangString POSITION ${LANG_TRADCHINESE} "象棋局面"
LangString GO ${LANG_ENGLISH} "Go game"
LangString GO ${LANG_SIMPCHINESE} "围棋棋谱"
LangString GO ${LANG_TRADCHINESE} "圍棋棋譜"

; A file type opening in the game: its own class (so Explorer names it), the extension
; pointing to it, and the game among the programs that open it.
!macro Associate EXT CLASS DESCRIPTION
  WriteRegStr HKCU "Software\Classes\${CLASS}" "" "${DESCRIPTION}"
  WriteRegStr HKCU "Software\Classes\${CLASS}\DefaultIcon" "" "$INSTDIR\xiangqi.exe,0"
  WriteRegStr HKCU "Software\Classes\${CLASS}\shell\open\command" "" '"$INSTDIR\xiangqi.exe" "%1"'
  WriteRegStr HKCU "Software\Classes\.${EXT}" "" "${CLASS}"
  WriteRegStr HKCU "Software\Classes\.${EXT}\OpenWithProgids" "${CLASS}" ""
!macroend

; Undone only where it is still ours: another program may have taken the extension since.
!macro Dissociate EXT CLASS
  ReadRegStr $0 HKCU "Software\Classes\.${EXT}" ""
  StrCmp $0 "${CLASS}" 0 +2
    DeleteRegValue HKCU "Software\Classes\.${EXT}" ""
  DeleteRegValue HKCU "Software\Classes\.${EXT}\OpenWithProgids" "${CLASS}"
  DeleteRegKey /ifempty HKCU "Software\Classes\.${EXT}\OpenWithProgids"
  DeleteRegKey /ifempty HKCU "Software\Classes\.${EXT}"
  DeleteRegKey HKCU "Software\Classes\${CLASS}"
!macroend

Section "Xiangqi"
  SetOutPath "$INSTDIR"
  File "${STAGE}\xiangqi.exe"
  File "${STAGE}\fairy-stockfish.exe"
  File "${STAGE}\gnugo.exe"
  File "${STAGE}\README.txt"
  SetOutPath "$INSTDIR\licences"
  File /r "${STAGE}\licences\*.*"
  SetOutPath "$INSTDIR\sources"
  File /r "${STAGE}\sources\*.*"
  SetOutPath "$INSTDIR"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  CreateShortcut "$SMPROGRAMS\Xiangqi 象棋.lnk" "$INSTDIR\xiangqi.exe" "" "$INSTDIR\xiangqi.exe" 0

  !insertmacro Associate "pgn" "Xiangqi.pgn" "$(GAME) (PGN)"
  !insertmacro Associate "xqf" "Xiangqi.xqf" "$(GAME) (XQF)"
  !insertmacro Associate "fen" "Xiangqi.fen" "$(POSITION) (FEN)"
  !insertmacro Associate "sgf" "Xiangqi.sgf" "$(GO) (SGF)"

  WriteRegStr HKCU "${APP_KEY}" "InstallDir" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "Xiangqi 象棋"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\xiangqi.exe,0"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "Xiangqi"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" $0

  ; Explorer shows the new file types' icons without a restart.
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
SectionEnd

Section "Uninstall"
  Delete "$INSTDIR\xiangqi.exe"
  Delete "$INSTDIR\fairy-stockfish.exe"
  Delete "$INSTDIR\gnugo.exe"
  Delete "$INSTDIR\README.txt"
  RMDir /r "$INSTDIR\licences"
  RMDir /r "$INSTDIR\sources"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  Delete "$SMPROGRAMS\Xiangqi 象棋.lnk"

  !insertmacro Dissociate "pgn" "Xiangqi.pgn"
  !insertmacro Dissociate "xqf" "Xiangqi.xqf"
  !insertmacro Dissociate "fen" "Xiangqi.fen"
  !insertmacro Dissociate "sgf" "Xiangqi.sgf"
  DeleteRegKey HKCU "${APP_KEY}"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'

  MessageBox MB_OK|MB_ICONINFORMATION "$(KEPT)" /SD IDOK
SectionEnd
