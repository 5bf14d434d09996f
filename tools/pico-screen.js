// The emulated Pico's screen and buttons, for tools/pico.py (every run; run(screen=...,
// keys=...) records and presses). SPI0's bytes always take their bus time: rp2040js's own
// instant completion leaves MicroPython's DMA writes of a panel's pixels waiting forever.
// Loaded before ../shared/emu/pico-run.js (node --require, through NODE_OPTIONS), it hooks
// the RP2040 that pico-run.js makes (or ../shared/cpsrc/tools/cp-run.js, for CircuitPython:
// tools/cpico.py):
// - SPI0 (the Pico Display packs' panel: SCK GP18, MOSI GP19, CS GP17, DC GP16): every byte
//   sent while CS is low is recorded with the level of DC, into PICO_SCREEN_OUT as chunks
//   (a byte 0 commands / 1 data / 2 a marker, a little-endian 32-bit length, the bytes);
//   tools/panelmodel.py turns them into the panel's picture. A byte takes its time on the
//   bus (8 clocks at the SPI's rate), so the board waits for it as a real one does.
// - The buttons (A GP12, B GP13, X GP14, Y GP15, to ground: high when up) follow the steps
//   in PICO_SCREEN_KEYS (JSON), in board time:
//     ["quiet", ms]          wait until the bus, once used, has been silent for ms (settled)
//     ["drawn", ms]          wait for bytes on the bus, then ms of silence (a redraw done);
//                            none within 5 s: go on
//     ["wait", ms]           wait ms
//     ["press", "A+X", ms]   hold the buttons ms, let go
//     ["shot", "name"]       a marker in the record: the picture at this point
//     ["until", "text", ms]  wait until the board has printed `text` on UART0 (the REPL's
//                            serial) since the last "until"; not within ms: exit status 3
//     ["type", "text"]       send `text` to the board's UART0, as keys typed on the serial
//                            ("\u0003" is Ctrl-C, as mpremote sends to stop a main.py)
//     ["release"]            no more steps: pico-run's script goes on (the record is
//                            written when the emulator exits)
//     ["end"]                write the record and stop the emulator (exit status 0)
//   The steps start at once (a ["quiet", 400] first waits out the panel's start-up);
//   running out of steps is an ["end"]. Without steps the script runs to its end as usual
//   (pico-run's figures), and the record is written when the emulator exits. Steps run with
//   or without a record (PICO_SCREEN_OUT unset: nothing recorded).
'use strict';

const fs = require('fs');
const path = require('path');

const OUT = process.env.PICO_SCREEN_OUT;
const STEPS = JSON.parse(process.env.PICO_SCREEN_KEYS || '[]');
const EMU = process.env.PICO_SCREEN_EMU;
const PINS = { A: 12, B: 13, X: 14, Y: 15 };
// At the end (["end"], or the steps run out), 1 MiB of the emulated flash from
// PICO_SCREEN_FLASH_AT (default 0x100000: CircuitPython's CIRCUITPY drive on a 2 MB Pico)
// into the file PICO_SCREEN_FLASH_OUT, so the drive's files can be read afterwards
// (tools/cpico.py).
const FLASH_OUT = process.env.PICO_SCREEN_FLASH_OUT;
const FLASH_AT = Number(process.env.PICO_SCREEN_FLASH_AT || 0x100000);
const FLASH_LEN = 0x100000;
const DC = 16;
const CS = 17;
const MS = 1e6; // nanoseconds
const GIVE_UP_MS = 5000;
const BYTE_NANOS = 1e10 / 115200; // a UART byte's time on the wire: 10 bits at 115200 baud

if (EMU) {
  const { RP2040 } = require(path.join(EMU, 'node_modules', 'rp2040js'));
  const load = RP2040.prototype.loadBootrom;
  RP2040.prototype.loadBootrom = function (...args) {
    const result = load.apply(this, args);
    hook(this);
    return result;
  };
}

function hook(mcu) {
  const chunks = [];
  let kind = -1;
  let bytes = [];
  const flush = () => {
    if (!bytes.length) return;
    const head = Buffer.alloc(5);
    head[0] = kind;
    head.writeUInt32LE(bytes.length, 1);
    chunks.push(head, Buffer.from(bytes));
    bytes = [];
  };
  const record = (k, b) => {
    if (k !== kind) {
      flush();
      kind = k;
    }
    bytes.push(b);
  };
  const marker = (text) => {
    flush();
    kind = 2;
    for (const b of Buffer.from(text)) bytes.push(b);
    flush();
  };

  // What the board prints on UART0, seen before pico-run.js's own handler gets it.
  const uart = mcu.uart[0];
  let printed = '';
  let onByte = uart.onByte;
  Object.defineProperty(uart, 'onByte', {
    configurable: true,
    get: () => (b) => {
      printed = (printed + String.fromCharCode(b)).slice(-4096);
      if (onByte) onByte(b);
    },
    set: (f) => {
      onByte = f;
    },
  });

  // UART1 (GP4 TX, GP5 RX: the link cable's, issue 58): PICO_SCREEN_UART1=loop wires its TX
  // back to its RX, a byte arriving after its time on the wire at 115200 baud (10 bits).
  // rp2040js's TX FIFO is always empty: its TX interrupt, raised again at every clear, would
  // keep MicroPython's UART handler running for ever, so it is never raised (as pico-run.js
  // does for UART0); a write puts its bytes through the FIFO at once.
  if (process.env.PICO_SCREEN_UART1 === 'loop') {
    const link = mcu.uart[1];
    link.checkInterrupts = function () {
      this.interruptStatus &= ~(1 << 5);
      this.rp2040.setInterrupt(this.irq, !!(this.interruptStatus & this.interruptMask));
    };
    const wire = [];
    const arrive = mcu.clock.createAlarm(() => {
      link.feedByte(wire.shift());
      if (wire.length) arrive.schedule(BYTE_NANOS);
    });
    link.onByte = (b) => {
      wire.push(b);
      if (wire.length === 1) arrive.schedule(BYTE_NANOS);
    };
  }

  const clock = mcu.clock;
  let lastTraffic = 0;
  let traffic = 0; // bytes sent so far
  const spi = mcu.spi[0];
  const done = clock.createAlarm(() => spi.completeTransmit(0));
  const transmit = (value) => {
    if (OUT && !mcu.gpio[CS].outputValue) record(mcu.gpio[DC].outputValue ? 1 : 0, value & 0xff);
    lastTraffic = clock.nanos;
    traffic++;
    const hz = spi.clockFrequency || 62.5e6;
    done.schedule(8e9 / hz);
  };
  // Ours for good: a runner that sets its own afterwards (../shared/cpsrc/tools/cp-run.js,
  // for CircuitPython) would stop the record; its timing is the same.
  Object.defineProperty(spi, 'onTransmit', { configurable: true, get: () => transmit, set: () => {} });

  for (const pin of Object.values(PINS)) mcu.gpio[pin].setInputValue(true);
  const hold = (names, down) => {
    for (const name of names.split('+')) {
      const pin = PINS[name];
      if (pin === undefined) throw new Error('pico-screen: no button ' + name);
      mcu.gpio[pin].setInputValue(!down);
    }
  };

  let step = -1;
  let pending = null; // when the timer fires: true while the step still waits
  const timer = clock.createAlarm(() => {
    const todo = pending;
    pending = null;
    if (!todo || !todo()) next();
  });
  let released = false;
  const save = () => {
    if (!OUT) return;
    flush();
    fs.writeFileSync(OUT, Buffer.concat(chunks));
  };
  const finish = () => {
    save();
    if (FLASH_OUT) fs.writeFileSync(FLASH_OUT, mcu.flash.subarray(FLASH_AT, FLASH_AT + FLASH_LEN));
    const at = (clock.nanos / 1e9).toFixed(6);
    process.stderr.write(`pico-screen: ${step} steps done at board clock ${at} s\n`);
    process.exit(0);
  };
  // Wait until the bus has been silent for ms, after some traffic since `since` bytes;
  // when none comes within GIVE_UP_MS, go on (a key that changed nothing on the screen).
  const silence = (ms, since) => {
    const start = clock.nanos;
    const check = () => {
      const left = lastTraffic + ms * MS - clock.nanos;
      if (traffic > since ? left <= 0 : clock.nanos - start >= GIVE_UP_MS * MS) return false;
      pending = check;
      timer.schedule(Math.max(left, MS));
      return true;
    };
    return check;
  };
  const wait = (ms, then) => {
    pending = then;
    timer.schedule(ms * MS);
  };
  function next() {
    for (;;) {
      step++;
      if (step >= STEPS.length) return finish();
      const [what, a, b] = STEPS[step];
      if (what === 'shot') {
        marker(JSON.stringify({ shot: a, nanos: clock.nanos }));
      } else if (what === 'end') {
        return finish();
      } else if (what === 'release') {
        released = true;
        return undefined;
      } else if (what === 'type') {
        for (const ch of Buffer.from(a, 'latin1')) uart.feedByte(ch);
      } else if (what === 'until') {
        const start = clock.nanos;
        const check = () => {
          const at = printed.indexOf(a);
          if (at >= 0) {
            printed = printed.slice(at + a.length);
            return false;
          }
          if (clock.nanos - start >= (b || 30000) * MS) {
            process.stderr.write(`pico-screen: ${JSON.stringify(a)} not printed within ${b || 30000} ms\n`);
            process.exit(3);
          }
          pending = check;
          timer.schedule(MS);
          return true;
        };
        if (check()) return undefined;
      } else if (what === 'wait') {
        return wait(a, null);
      } else if (what === 'press') {
        hold(a, true);
        return wait(b, () => {
          hold(a, false);
          return false;
        });
      } else if (what === 'quiet' || what === 'drawn') {
        if (silence(a, what === 'drawn' ? traffic : 0)()) return undefined;
      } else {
        throw new Error('pico-screen: unknown step ' + JSON.stringify(STEPS[step]));
      }
    }
  }
  if (STEPS.length) {
    timer.schedule(MS);
  }
  // No steps, or released: the script runs to its end, the record is kept then.
  process.on('exit', () => {
    if (!STEPS.length || released) save();
  });
}
