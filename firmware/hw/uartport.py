# The link cable's end on a board (issue 58, firmware/link.py's port): a UART at BAUD, three
# wires to the other handheld (TX to its RX, RX to its TX, GND to GND; the README draws them).
# read() never waits: it takes what the UART's buffer holds, so the frame loop keeps its pace.
# Opened at the first linked game or "Join a game" only: its buffers are on the heap from
# then on.
BAUD = 115200
RX_BUFFER = 2048  # 170 ms of bytes at 115200: a slow frame (a redraw, a bot's slice) loses none
TX_BUFFER = 2304  # a whole frame (2,064 bytes) and a few acks: a write returns at once


class UartPort:
    def __init__(self, uart, waiting):
        self.uart = uart
        self.waiting = waiting  # a function: how many bytes are there to read

    def write(self, data):
        self.uart.write(data)

    def read(self):
        count = self.waiting()
        return self.uart.read(count) if count else None


def busio_port(tx, rx):
    """CircuitPython: busio.UART on the pins `tx` and `rx` (board pins)."""
    import busio  # pyright: ignore[reportMissingImports]

    uart = busio.UART(tx, rx, baudrate=BAUD, timeout=0, receiver_buffer_size=RX_BUFFER)
    return UartPort(uart, lambda: uart.in_waiting)


def machine_port(number, tx, rx):
    """MicroPython: machine.UART `number` on the GPIOs `tx` and `rx`."""
    from machine import UART, Pin  # pyright: ignore[reportMissingImports]

    uart = UART(number, baudrate=BAUD, tx=Pin(tx), rx=Pin(rx), timeout=0, rxbuf=RX_BUFFER,
                txbuf=TX_BUFFER)
    return UartPort(uart, uart.any)
