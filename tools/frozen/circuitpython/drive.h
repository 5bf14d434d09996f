// Pocket gem games: what a CircuitPython firmware with the games frozen in does with the
// board's CIRCUITPY drive at power-on. CircuitPython runs a program only from that drive
// (code.py, main.py, ...), never from the firmware, so board_init() calls pocket_gems_drive()
// once the drive is mounted (a blank one formatted, with CircuitPython's sample code.py)
// and before boot.py runs; it puts there the project's boot.py and main.py, two lines each,
// which start the frozen games.
//
// The first time (no pocket-gems.txt on the drive): what would run instead of the games or
// replace them moves into before-games/ (nothing is deleted but CircuitPython's own sample
// code.py): code.txt, code.py, main.txt, a main.py or a boot.py other than the project's,
// and a firmware/ folder (an earlier `make flash`, whose modules would be imported instead
// of the frozen ones). Then main.py, boot.py and pocket-gems.txt (what happened, and how to
// go back) are written. After that the drive is the owner's: a code.py of one's own and
// `make flash` work as on any CircuitPython board; only a drive left with no program at all
// gets main.py again. drive_files.h is made by tools/cpbuild.py from the project's files.

#include <string.h>

#include "extmod/vfs_fat.h"
#include "lib/oofatfs/ff.h"
#include "supervisor/filesystem.h"
#include "supervisor/flash.h"
#include "supervisor/shared/safe_mode.h"

#include "drive_files.h"

#define POCKET_GEMS_ASIDE "/before-games"
#define POCKET_GEMS_NOTE "/pocket-gems.txt"

static const char pocket_gems_sample[] = "print(\"Hello World!\")\n";  // filesystem.c's
static const char *const pocket_gems_programs[] = {"/code.txt", "/code.py", "/main.txt", "/main.py"};

static bool pocket_gems_exists(FATFS *fs, const char *path) {
    FILINFO info;
    return f_stat(fs, path, &info) == FR_OK;
}

// Whether the file at `path` holds exactly these bytes.
static bool pocket_gems_holds(FATFS *fs, const char *path, const char *bytes, UINT size) {
    FIL file;
    if (f_open(fs, &file, path, FA_READ) != FR_OK) {
        return false;
    }
    bool same = f_size(&file) == size;
    char chunk[64];
    for (UINT at = 0; same && at < size;) {
        UINT want = size - at < sizeof(chunk) ? size - at : sizeof(chunk);
        UINT got = 0;
        same = f_read(&file, chunk, want, &got) == FR_OK && got == want
            && memcmp(chunk, bytes + at, want) == 0;
        at += want;
    }
    f_close(&file);
    return same;
}

static void pocket_gems_write(FATFS *fs, const char *path, const char *bytes, UINT size) {
    FIL file;
    UINT written;
    if (f_open(fs, &file, path, FA_WRITE | FA_CREATE_ALWAYS) == FR_OK) {
        f_write(&file, bytes, size, &written);
        f_close(&file);
    }
}

// Moves `path` (a file or folder at the root) into before-games/, under its own name or,
// when that is taken (an earlier install), its name and .2 to .9.
static void pocket_gems_set_aside(FATFS *fs, const char *path) {
    char to[48] = POCKET_GEMS_ASIDE;
    size_t end = strlen(to) + strlen(path);
    if (end + 3 > sizeof(to)) {
        return;
    }
    strcat(to, path);
    f_mkdir(fs, POCKET_GEMS_ASIDE);
    for (char n = '1'; n <= '9'; n++) {
        if (n > '1') {
            to[end] = '.';
            to[end + 1] = n;
            to[end + 2] = '\0';
        }
        if (f_rename(fs, path, to) != FR_EXIST) {
            return;  // moved, or it cannot be (then it stays where it is)
        }
    }
}

static void pocket_gems_first_time(FATFS *fs) {
    if (pocket_gems_holds(fs, "/code.py", pocket_gems_sample, sizeof(pocket_gems_sample) - 1)) {
        f_unlink(fs, "/code.py");
    }
    for (size_t i = 0; i < 3; i++) {  // code.txt, code.py, main.txt: they run before main.py
        if (pocket_gems_exists(fs, pocket_gems_programs[i])) {
            pocket_gems_set_aside(fs, pocket_gems_programs[i]);
        }
    }
    if (pocket_gems_exists(fs, "/main.py")
        && !pocket_gems_holds(fs, "/main.py", pocket_gems_main_py, sizeof(pocket_gems_main_py) - 1)) {
        pocket_gems_set_aside(fs, "/main.py");
    }
    if (pocket_gems_exists(fs, "/boot.py")
        && !pocket_gems_holds(fs, "/boot.py", pocket_gems_boot_py, sizeof(pocket_gems_boot_py) - 1)) {
        pocket_gems_set_aside(fs, "/boot.py");
    }
    if (pocket_gems_exists(fs, "/firmware")) {
        pocket_gems_set_aside(fs, "/firmware");
    }
    if (!pocket_gems_exists(fs, "/main.py")) {
        pocket_gems_write(fs, "/main.py", pocket_gems_main_py, sizeof(pocket_gems_main_py) - 1);
    }
    if (!pocket_gems_exists(fs, "/boot.py")) {
        pocket_gems_write(fs, "/boot.py", pocket_gems_boot_py, sizeof(pocket_gems_boot_py) - 1);
    }
    pocket_gems_write(fs, POCKET_GEMS_NOTE, pocket_gems_note, sizeof(pocket_gems_note) - 1);
}

static void pocket_gems_drive(void) {
    if (get_safe_mode() != SAFE_MODE_NONE) {
        return;  // CircuitPython's safe mode runs nothing: leave the drive as it is
    }
    fs_user_mount_t *vfs = filesystem_circuitpy();
    if (vfs == NULL || !filesystem_lock(vfs)) {
        return;
    }
    FATFS *fs = &vfs->fatfs;
    if (!pocket_gems_exists(fs, POCKET_GEMS_NOTE)) {
        pocket_gems_first_time(fs);
    } else {
        bool any = false;
        for (size_t i = 0; i < 4; i++) {
            any = any || pocket_gems_exists(fs, pocket_gems_programs[i]);
        }
        if (!any) {
            pocket_gems_write(fs, "/main.py", pocket_gems_main_py, sizeof(pocket_gems_main_py) - 1);
        }
    }
    filesystem_unlock(vfs);
    supervisor_flash_flush();
}
