# The link cable's end on a board (issue 58, firmware/link.py's port): a UART at BAUD, three
# wires to the other handheld (TX to its RX, RX to its TX, GND to GND; the README draws them).
# read() never waits: it takes what the UART's buffer holds, so the frame loop keeps its pace.
# Opened at the first linked game or "Join a game" only: its buffers are on the heap from
# then on.
BAUD = 115200
RX_BUFFER = 2048  # 170 ms of bytes at 115200: a slow frame (a redraw, a bot's slice) loses none
TX_BUFFER = 2304  # a whole frame (2,064 bytes) and a few acks: a write returns at once
# CircuitPython's busio.UART.write returns only once its bytes are out (a whole view's 2 KB:
# 180 ms, the frame frozen): at most this many a frame, 22 ms; the rest at the next frames.
WRITE_BUDGET = 256


class UartPort:
    def __init__(self, uart, waiting):
        self.uart = uart
        self.waiting = waiting  # a function: how many bytes are there to read

    def write(self, data):
        self.uart.write(data)

    def read(self):
        count = self.waiting()
        return self.uart.read(count) if count else None


class PacedPort(UartPort):
    """A UartPort whose UART's write waits until its bytes are sent: it sends WRITE_BUDGET
    bytes a frame at most (read(), once a frame, opens the next one's) and keeps the rest,
    in order, for the next frames; `backlog` is how many wait (firmware/link.py resends
    a frame only once it is all out)."""

    def __init__(self, uart, waiting):
        UartPort.__init__(self, uart, waiting)
        self.rest = b""
        self.backlog = 0
        self.piece = WRITE_BUDGET  # a frame's bytes at most
        self.budget = WRITE_BUDGET  # what this frame may still send

    def write(self, data):
        self.rest += data
        self.send()

    def send(self):
        count = min(self.budget, len(self.rest))
        if count:
            self.uart.write(self.rest[:count])
            self.rest = self.rest[count:]
            self.budget -= count
        self.backlog = len(self.rest)

    def read(self):
        self.budget = self.piece
        self.send()
        return UartPort.read(self)


def busio_port(tx, rx):
    """CircuitPython: busio.UART on the pins `tx` and `rx` (board pins)."""
    import busio  # pyright: ignore[reportMissingImports]

    uart = busio.UART(tx, rx, baudrate=BAUD, timeout=0, receiver_buffer_size=RX_BUFFER)
    return PacedPort(uart, lambda: uart.in_waiting)


def machine_port(number, tx, rx):
    """MicroPython: machine.UART `number` on the GPIOs `tx` and `rx`."""
    from machine import UART, Pin  # pyright: ignore[reportMissingImports]

    uart = UART(number, baudrate=BAUD, tx=Pin(tx), rx=Pin(rx), timeout=0, rxbuf=RX_BUFFER,
                txbuf=TX_BUFFER)
    return UartPort(uart, uart.any)
