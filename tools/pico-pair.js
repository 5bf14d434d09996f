// Two emulated Raspberry Pi Picos in one process, their UART1s wired together: link play's
// cable (issue 58: TX GP4 of each to RX GP5 of the other), for tools/picopair.py. Each board
// boots the firmware given (the Pico UF2 with the games frozen in: its main.py starts the app
// at power-on), is stopped as mpremote does (Ctrl-C once the app has printed its hint) and
// runs its own script through the raw REPL (raw-paste mode, with its flow control). The
// boards run in lockstep, a millisecond of board time each in turn, so what one sends
// reaches the other when a cable would bring it: a byte 10 bits at 115200 baud after the
// one before it. rp2040js's UART sends at once (its TX FIFO is always empty), so the cable's
// time is counted on the wire, and its TX interrupt is never raised (MicroPython's handler
// would run for ever: ../shared/emu/pico-run.js does the same for UART0).
//
// Faults, each once, when a board's script prints "pick N" (its player's decision number N)
// with N at least the fault's "at":
//   {"board": "guest", "at": 12, "do": "cut", "ms": 10000}      the cable out that long
//   {"board": "host", "at": 20, "do": "garble", "ms": 20000, "every": 97}
//        every 97th byte on the wire, both ways, has a bit flipped, for that long
//   {"board": "host", "at": 30, "do": "stall", "ms": 3000}    bytes held back, then
//        delivered (a slow cable)
//   {"board": "guest", "at": 9, "do": "reset", "who": "guest"}  that board reset, its flash
//        kept (its saves): it boots again and runs its script again
//
// Usage: node pico-pair.js CONFIG.json, the config:
//   {"emu": folder of rp2040js and bootrom_b1.bin, "firmware": the flash image,
//    "boards": [{"name": "host", "script": "..."}, {"name": "guest", "script": "..."}],
//    "faults": [...], "out": the result's JSON file, "timeout": wall seconds,
//    "max_board_s": board seconds at most, "echo": true to copy the boards' output to stderr}
// The result: each board's script output and traceback, its resets and busy cycles, every
// byte each board's UART1 received (hex, a string for each of its boots), the faults' board
// times; exit status 0 when both
// scripts ended without an exception, 1 when one raised, 2 on a timeout or an emulator fault.
'use strict';

const fs = require('fs');
const path = require('path');

const CLOCK_HZ = 125e6;
const CYCLE_NANOS = 1e9 / CLOCK_HZ;
const MS = 1e6; // nanoseconds
const SLICE = MS; // each board's turn in the lockstep
const BYTE_NANOS = 1e10 / 115200; // a byte's time on the wire: 10 bits at 115200 baud
const HINT = 'Press Enter here for the text console.'; // the app is up (firmware/app.py main())
const UART_TX_INTERRUPT = 1 << 5;
const BUTTONS = [12, 13, 14, 15]; // to ground, pulled up: high when not pressed

const config = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const { RP2040, ConsoleLogger, LogLevel } = require(path.join(config.emu, 'node_modules', 'rp2040js'));
const bootrom = fs.readFileSync(path.join(config.emu, 'bootrom_b1.bin'));
const firmware = fs.readFileSync(config.firmware);

// The bootrom's flash erase and program routines, carried out on the emulated flash (rp2040js
// has no flash chip), with the chip's typical times as busy cycles (as pico-run.js does).
function flashHooks(mcu) {
  const hooks = new Map();
  const u16 = (a) => bootrom[a] | (bootrom[a + 1] << 8);
  const code = (s) => s.charCodeAt(0) | (s.charCodeAt(1) << 8);
  const table = new Map();
  for (let p = u16(0x14); u16(p) !== 0; p += 4) table.set(u16(p), u16(p + 2) & ~1);
  const flash = mcu.flash;
  const r = mcu.core.registers;
  const at = (name, fn) => {
    const addr = table.get(code(name));
    if (addr !== undefined) hooks.set(addr, fn);
  };
  at('RE', () => { // flash_range_erase(addr, count, ...)
    const addr = r[0] >>> 0;
    const count = r[1] >>> 0;
    flash.fill(0xff, addr, Math.min(addr + count, flash.length));
    return 200 + Math.round(0.045 * CLOCK_HZ) * Math.ceil(count / 4096);
  });
  at('RP', () => { // flash_range_program(addr, data, count): NOR flash clears bits only
    const addr = r[0] >>> 0;
    const data = r[1] >>> 0;
    const count = r[2] >>> 0;
    for (let i = 0; i < count && addr + i < flash.length; i++) flash[addr + i] &= mcu.readUint8(data + i);
    return 200 + count * 30 + Math.round(0.0004 * CLOCK_HZ) * Math.ceil(count / 256);
  });
  for (const name of ['IF', 'EX', 'FC', 'CX']) at(name, () => 20);
  return hooks;
}

function noTxInterrupt(uart) {
  uart.checkInterrupts = function () {
    this.interruptStatus &= ~UART_TX_INTERRUPT;
    this.rp2040.setInterrupt(this.irq, !!(this.interruptStatus & this.interruptMask));
  };
}

// One direction of the cable: the bytes one board's UART1 sends, each arriving at the other's
// after its time on the wire (and the faults').
class Wire {
  constructor() {
    this.queue = [];
    this.to = null; // the receiving Board
    this.alarm = null;
    this.received = []; // every byte that arrived: a list for each boot of the receiver
    this.cutUntil = -1; // board nanos (the lockstep's) until which bytes are lost
    this.stallUntil = -1; // ... held back
    this.garbleUntil = -1;
    this.every = 0;
    this.count = 0;
  }

  attach(board) { // (again after the receiver's reset: what was on its way is gone)
    this.to = board;
    this.queue = [];
    this.received.push([]);
    this.alarm = board.mcu.clock.createAlarm(() => this.arrive());
  }

  put(b) {
    const now = this.to.now();
    if (now < this.cutUntil) return;
    this.count++;
    if (now < this.garbleUntil && this.count % this.every === 0) b ^= 1 << (this.count % 8);
    this.queue.push(b);
    if (this.queue.length === 1) this.alarm.schedule(Math.max(BYTE_NANOS, this.stallUntil - now));
  }

  arrive() {
    const now = this.to.now();
    if (now < this.stallUntil) {
      this.alarm.schedule(this.stallUntil - now);
      return;
    }
    const b = this.queue.shift();
    this.received[this.received.length - 1].push(b);
    this.to.mcu.uart[1].feedByte(b);
    if (this.queue.length) this.alarm.schedule(BYTE_NANOS);
  }
}

class Board {
  constructor(spec, world) {
    this.name = spec.name;
    this.script = Buffer.from(spec.script);
    this.world = world;
    this.out = null; // the Wire this board's UART1 sends on
    this.in = null; // the one it receives from
    this.resets = 0;
    this.stdout = [];
    this.stderr = [];
    this.busy = 0; // cycles of executed instructions over all its boots
    this.boot(firmware);
  }

  now() { // the lockstep's board time, nanoseconds
    return this.base + this.mcu.clock.nanos;
  }

  boot(image) {
    const mcu = new RP2040();
    mcu.logger = new ConsoleLogger(LogLevel.Error);
    mcu.loadBootrom(new Uint32Array(bootrom.buffer, bootrom.byteOffset, bootrom.length / 4));
    mcu.flash.set(image, 0);
    mcu.core.PC = 0x10000000;
    this.mcu = mcu;
    this.base = this.world.now;
    this.hooks = flashHooks(mcu);
    for (const pin of BUTTONS) mcu.gpio[pin].setInputValue(true);
    // SPI0 (the Display Pack's panel): each byte takes its time on the bus, else
    // MicroPython's DMA writes of the pixels would wait for ever.
    const spi = mcu.spi[0];
    const sent = mcu.clock.createAlarm(() => spi.completeTransmit(0));
    spi.onTransmit = () => sent.schedule(8e9 / (spi.clockFrequency || 62.5e6));
    noTxInterrupt(mcu.uart[0]);
    noTxInterrupt(mcu.uart[1]);
    mcu.uart[0].onByte = (b) => this.serial(b);
    mcu.uart[1].onByte = (b) => this.out.put(b);
    if (this.in) this.in.attach(this);
    this.phase = 'boot';
    this.seen = '';
    this.pending = [];
    this.line = '';
  }

  reset() {
    this.resets++;
    this.boot(Buffer.from(this.mcu.flash)); // the firmware and the filesystem as they are
  }

  send(s) {
    for (const ch of Buffer.from(s, 'latin1')) this.pending.push(ch);
  }

  // The board's serial: the app's hint, the REPL, then the script's output (raw-paste mode,
  // as pico-run.js and mpremote speak it).
  serial(b) {
    const ch = String.fromCharCode(b);
    switch (this.phase) {
      case 'boot':
      case 'prompt':
      case 'raw':
        this.seen = (this.seen + ch).slice(-64);
        if (this.phase === 'boot' && this.seen.endsWith(HINT)) {
          this.phase = 'prompt';
          this.send('\x03');
        } else if (this.phase === 'prompt' && this.seen.endsWith('>>> ')) {
          this.phase = 'raw';
          this.send('\r\x03\x03\x01');
        } else if (this.phase === 'raw' && this.seen.endsWith('raw REPL; CTRL-B to exit\r\n>')) {
          this.phase = 'paste-ack';
          this.head = [];
          this.send('\x05A\x01');
        }
        break;
      case 'paste-ack':
        this.head.push(b);
        if (this.head.length === 4) {
          this.window = this.head[2] | (this.head[3] << 8);
          this.left = this.window;
          this.at = 0;
          this.phase = 'paste';
          this.paste();
        }
        break;
      case 'paste':
      case 'paste-end':
        if (b === 0x01) {
          this.left += this.window;
          this.paste();
        } else if (b === 0x04) {
          if (this.phase === 'paste') this.pending = [0x04];
          this.phase = 'run';
        }
        break;
      case 'run':
        if (b === 0x04) {
          this.phase = 'err';
          break;
        }
        this.stdout.push(b);
        if (ch === '\n') {
          const line = this.line.replace(/\r$/, '');
          this.line = '';
          if (config.echo) process.stderr.write(`[${this.name} ${(this.now() / 1e9).toFixed(3)}] ${line}\n`);
          this.world.heard(this, line);
        } else {
          this.line += ch;
        }
        break;
      case 'err':
        if (b === 0x04) this.phase = 'done';
        else this.stderr.push(b);
        break;
      default:
        break;
    }
  }

  paste() {
    while (this.left > 0 && this.at < this.script.length) {
      this.pending.push(this.script[this.at++]);
      this.left--;
    }
    if (this.at >= this.script.length && this.phase === 'paste') {
      this.pending.push(0x04);
      this.phase = 'paste-end';
    }
  }

  // Run until the lockstep's time `until` (nanoseconds).
  run(until) {
    const mcu = this.mcu;
    const core = mcu.core;
    const clock = mcu.clock;
    const uart = mcu.uart[0];
    const target = until - this.base;
    let i = 0;
    while (clock.nanos < target) {
      if (this.pending.length && !uart.rxFIFO.full && (i++ & 63) === 0) uart.feedByte(this.pending.shift());
      if (core.waiting) {
        const n = clock.nanosToNextAlarm;
        if (n <= 0 || clock.nanos + n > target) {
          clock.tick(target - clock.nanos);
          break;
        }
        clock.tick(n);
      } else {
        const hook = core.PC < 0x4000 ? this.hooks.get(core.PC) : undefined;
        let c;
        if (hook) {
          c = hook();
          core.PC = core.LR & ~1;
        } else {
          c = core.executeInstruction();
        }
        this.busy += c;
        clock.tick(c * CYCLE_NANOS);
      }
    }
  }
}

class World {
  constructor() {
    this.now = 0;
    this.boards = [];
    this.faults = (config.faults || []).map((f) => Object.assign({ fired: null }, f));
    this.todo = []; // resets to make between two slices
  }

  heard(board, line) {
    for (const fault of this.faults) {
      const pick = /^pick (\d+)$/.exec(line);
      if (fault.fired !== null || fault.board !== board.name || !pick || +pick[1] < fault.at) continue;
      fault.fired = board.now() / 1e6;
      const until = board.now() + (fault.ms || 0) * MS;
      const wires = this.boards.map((b) => b.out);
      if (fault.do === 'cut') for (const w of wires) w.cutUntil = until;
      else if (fault.do === 'stall') for (const w of wires) w.stallUntil = until;
      else if (fault.do === 'garble') {
        for (const w of wires) {
          w.garbleUntil = until;
          w.every = fault.every || 97;
        }
      } else if (fault.do === 'reset') this.todo.push(fault.who || fault.board);
      else throw new Error('pico-pair: unknown fault ' + JSON.stringify(fault));
    }
  }
}

function main() {
  const world = new World();
  const specs = config.boards;
  const wires = [new Wire(), new Wire()];
  for (let i = 0; i < 2; i++) {
    const board = new Board(specs[i], world);
    world.boards.push(board);
  }
  const [a, b] = world.boards;
  a.out = wires[0];
  b.in = wires[0];
  b.out = wires[1];
  a.in = wires[1];
  wires[0].attach(b);
  wires[1].attach(a);

  const deadline = Date.now() + (config.timeout || 1800) * 1000;
  const limit = (config.max_board_s || 3600) * 1e9;
  let failure = null;
  while (!world.boards.every((board) => board.phase === 'done')) {
    world.now += SLICE;
    for (const board of world.boards) board.run(world.now);
    for (const name of world.todo.splice(0)) {
      world.boards.find((board) => board.name === name).reset();
    }
    if (world.now > limit) {
      failure = `past ${config.max_board_s} s of board time`;
      break;
    }
    if ((world.now / SLICE) % 256 === 0 && Date.now() > deadline) {
      failure = `timed out after ${config.timeout} s (wall clock)`;
      break;
    }
  }
  const text = (bytes) => Buffer.from(bytes).toString('latin1').replace(/\r\n/g, '\n');
  const result = {
    board_s: world.now / 1e9,
    failure,
    faults: world.faults,
    boards: {},
  };
  for (const board of world.boards) {
    result.boards[board.name] = {
      stdout: text(board.stdout),
      stderr: text(board.stderr),
      phase: board.phase,
      resets: board.resets,
      busy_cycles: board.busy,
      received: board.in.received.map((bytes) => Buffer.from(bytes).toString('hex')),
    };
  }
  fs.writeFileSync(config.out, JSON.stringify(result));
  if (failure) {
    process.stderr.write('pico-pair: ' + failure + '\n');
    process.exit(2);
  }
  process.exit(world.boards.some((board) => board.stderr.length) ? 1 : 0);
}

main();
