/* For the release checks under Wine only, never shipped: Rust's standard library asks Windows
 * for random bytes through ProcessPrng in bcryptprimitives.dll (Windows 10 and later have it);
 * Debian's Wine 8 does not. This stand-in answers from RtlGenRandom (advapi32), which Wine has.
 * Put beside the .exe under test, it lets the real program run unchanged. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length); /* RtlGenRandom */

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    while (len > 0) {
        ULONG n = len > 0x7fffffff ? 0x7fffffff : (ULONG)len;
        if (!SystemFunction036(data, n)) return FALSE;
        data += n;
        len -= n;
    }
    return TRUE;
}
