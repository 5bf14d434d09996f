// This file is part of the CircuitPython project: https://circuitpython.org
//
// SPDX-FileCopyrightText: Copyright (c) 2021 Scott Shawcroft for Adafruit Industries
//
// SPDX-License-Identifier: MIT

#include "supervisor/board.h"

// Pocket gem games: the games are frozen into this firmware; drive.h puts on CIRCUITPY the
// two small files that start them (tools/frozen/circuitpython/drive.h). The stock Pico
// board has no board_init of its own.
#include "drive.h"

void board_init(void) {
    pocket_gems_drive();
}

// Use the MP_WEAK supervisor/shared/board.c versions of routines not defined here.
