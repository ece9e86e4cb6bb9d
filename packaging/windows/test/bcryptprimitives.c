/* For the tests under Wine only, never shipped: Wine 8.0 (Debian bookworm) lacks
 * bcryptprimitives.dll, whose ProcessPrng Rust's standard library imports since 1.78 for
 * its random numbers (Windows 10 and 11 have it). This stand-in answers with
 * RtlGenRandom, which Wine has. */
#include <windows.h>
#include <ntsecapi.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    while (len > 0) {
        ULONG chunk = len > 0x7fffffff ? 0x7fffffff : (ULONG)len;
        if (!RtlGenRandom(data, chunk)) return FALSE;
        data += chunk;
        len -= chunk;
    }
    return TRUE;
}
