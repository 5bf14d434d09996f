# Link play's wire (issue 58): messages between two handhelds over a byte stream (a UART, a
# socket, a browser channel), each delivered once and in order whatever the cable does.
# Portable, no board I/O: the caller gives a port with write(bytes) and read() -> bytes or
# None that never blocks, and calls poll() once a frame, so the screen keeps its pace.
#
# A frame, a byte a field unless said (the README's "Link protocol" for other clients):
#   0xA7 0x5C   its start: after any damage the reader looks for the next one
#   version     VERSION of this protocol
#   kind        what the payload is: ACK, HELLO and MORE are the link's, the rest the front end's
#   seq         0..255, the frame's number in its sender's stream (an ACK: the one it acks)
#   len         the payload's length, two bytes, low first, at most MAX_PAYLOAD
#   check       (version + 3 kind + 5 seq + 7 len's low + 9 its high) & 255: a damaged
#               length is seen at once, not waited for
#   payload     len bytes
#   crc         CRC-32 of version .. the payload's end, as 8 lowercase hex digits
# Delivery: one frame in flight each way; the receiver acks every good frame (again for a
# duplicate, which it drops) and the sender sends it again after RESEND_MS without its ack.
# HELLO starts a stream, a nonce in its payload: a side that hears a new nonce of a side it
# knew (a reset) forgets what it had delivered and what it was sending, and says HELLO back,
# so either board may reset and start again; the front end then sends anew what the other
# side needs. The stream keeps its order (a cable does): a frame of an earlier start never
# comes after a later one's. A message longer than a frame goes as MORE frames, each a part
# of it, then the last part in a frame of its own kind: the receiver delivers it whole.

from firmware.clock import ticks_diff
from firmware.savefile import Crc32  # the save's CRC-32 (C code on the boards)

VERSION = 1
START = b"\xa7\x5c"
HEAD = 8  # start, version, kind, seq, len (2), check
CRC = 8
MAX_PAYLOAD = 2048  # a frame's
MAX_MESSAGE = 8192  # a message's, in MORE frames and its last (a board's heap holds it twice)
RESEND_MS = 250
LOST_MS = 3000  # a frame unacked and nothing heard this long: the cable is out (lost())
ACK = 0
HELLO = 1
MORE = 2  # a part of a message, the next frame goes on with it
FIRST_KIND = 3  # the front end's kinds are FIRST_KIND..255


def crc(data):
    """The frame's check: CRC-32 of `data` as 8 hex digits (bytes)."""
    check = Crc32()
    check.update(data)
    return check.hexdigest().encode()


def frame(kind, seq, payload=b""):
    """The bytes of one frame."""
    size = len(payload)
    if size > MAX_PAYLOAD:
        raise ValueError("a link message holds at most %d bytes, not %d" % (MAX_PAYLOAD, size))
    head = bytes((VERSION, kind, seq & 0xFF, size & 0xFF, size >> 8))
    body = head + bytes((check(head),)) + payload
    return START + body + crc(body)


def check(head):
    """The header's check byte: every single-bit error in the five bytes changes it."""
    return (head[0] + 3 * head[1] + 5 * head[2] + 7 * head[3] + 9 * head[4]) & 0xFF


class Reader:
    """Frames out of a byte stream fed in any pieces: garbage, cut frames and frames whose
    check fails are skipped (the search goes on from the byte after their start)."""

    def __init__(self):
        self.data = b""
        self.damaged = 0  # frames dropped for a bad check or an impossible length
        self.version = VERSION  # the version of the last good frame (another: not ours)

    def feed(self, data):
        """The frames complete after `data`: a list of (kind, seq, payload)."""
        data = self.data + data
        out = []
        while True:
            at = data.find(START)
            if at < 0:
                data = data[-1:] if data[-1:] == START[:1] else b""
                break
            data = data[at:]
            if len(data) < HEAD:
                break
            size = data[5] | data[6] << 8
            if size > MAX_PAYLOAD or check(data[2:7]) != data[7]:
                self.damaged += 1
                data = data[1:]
                continue
            end = HEAD + size
            if len(data) < end + CRC:
                break
            if crc(data[2:end]) != data[end:end + CRC]:
                self.damaged += 1
                data = data[1:]
                continue
            self.version = data[2]
            if data[2] == VERSION:
                out.append((data[3], data[4], data[HEAD:end]))
            data = data[end + CRC:]
        self.data = data  # an unfinished frame at most: a longer one was read or dropped
        return out


class Link:
    """One side of a link: send() queues a message, poll(now) moves bytes both ways and
    returns what arrived, each message once and in order. `nonce` tells this side's start
    from an earlier one of the same board (a reset): any value, different at each start."""

    def __init__(self, port, nonce, now):
        self.port = port
        self.reader = Reader()
        self.nonce = bytes((nonce >> 24 & 0xFF, nonce >> 16 & 0xFF, nonce >> 8 & 0xFF,
                            nonce & 0xFF))
        self.peer = None  # the other side's nonce, once heard
        self.queue = []  # (kind, payload) not yet sent
        self.flight = None  # the frame sent and not acked: (seq, its bytes)
        self.sent_at = now
        self.seq = 0  # the next frame's number
        self.expect = None  # the number of the next frame to deliver (None: any)
        self.heard = now  # when the last good frame came
        self.resent = 0  # frames sent again for want of an ack
        self.parts = []  # a message's parts so far (MORE frames delivered)
        self.queue.append((HELLO, self.nonce))

    def send(self, kind, payload=b""):
        """Queue a message of `kind` (FIRST_KIND..255) with `payload` (bytes), in as many
        frames as it needs."""
        if not FIRST_KIND <= kind <= 255:
            raise ValueError("message kinds are %d..255, not %r" % (FIRST_KIND, kind))
        size = len(payload)
        if size > MAX_MESSAGE:
            raise ValueError("a link message holds at most %d bytes, not %d"
                             % (MAX_MESSAGE, size))
        at = 0
        while size - at > MAX_PAYLOAD:
            self.queue.append((MORE, payload[at:at + MAX_PAYLOAD]))
            at += MAX_PAYLOAD
        self.queue.append((kind, payload[at:] if at else payload))

    def busy(self):
        """Whether anything is waiting to be sent or acked."""
        return bool(self.queue) or self.flight is not None

    def quiet(self, now):
        """Milliseconds since the other side was last heard."""
        return ticks_diff(now, self.heard)

    def lost(self, now):
        """Whether the cable looks out: a frame waits for its ack and nothing came for
        LOST_MS (an idle link, nothing to send, cannot tell)."""
        return self.busy() and self.quiet(now) > LOST_MS

    def poll(self, now):
        """Read what came, ack it, send or resend: the messages delivered, a list of
        (kind, payload); a HELLO of a new start of the other side is among them."""
        got = []
        data = self.port.read()
        if data:
            for kind, seq, payload in self.reader.feed(data):
                self.heard = now
                if kind == ACK:
                    if self.flight is not None and seq == self.flight[0]:
                        self.flight = None
                    continue
                if kind == HELLO and payload[:4] != self.peer:
                    self.port.write(frame(ACK, seq))
                    self._restart(payload[:4], seq)
                    got.append((kind, payload))
                elif self.expect is not None:  # (nothing before the other side's HELLO)
                    self.port.write(frame(ACK, seq))
                    if seq == self.expect:
                        self.expect = (seq + 1) & 0xFF
                        if kind == MORE:
                            self.parts.append(payload)
                        elif kind != HELLO:  # (a known start's HELLO again: no news)
                            if self.parts:
                                self.parts.append(payload)
                                payload = b"".join(self.parts)
                                self.parts = []
                            got.append((kind, payload))
        if not self.flush(now) and self.flight is not None:
            if getattr(self.port, "backlog", 0):  # (a port that sends in pieces: the wait
                self.sent_at = now  # for the ack starts once the frame is all out)
            elif ticks_diff(now, self.sent_at) >= RESEND_MS:
                self.port.write(self.flight[1])
                self.sent_at = now
                self.resent += 1
        return got

    def flush(self, now):
        """Send the next message queued, if no frame waits for its ack (poll does too): one
        queued after this frame's poll goes now, not after what the frame does next (a bot's
        whole decision, say). Whether a frame went."""
        if self.flight is not None or not self.queue:
            return False
        kind, payload = self.queue.pop(0)
        self.flight = (self.seq, frame(kind, self.seq, payload))
        self.seq = (self.seq + 1) & 0xFF
        self.port.write(self.flight[1])
        self.sent_at = now
        return True

    def _restart(self, peer, seq):
        """The other side started. At the first contact nothing else changes: our HELLO went
        first in our stream and nothing follows it before its ack. At a later start (a
        reset) what was delivered and what was on its way to the earlier start are
        forgotten and our HELLO goes again; the front end, told by the HELLO, sends anew
        what the other side needs."""
        first = self.peer is None
        self.peer = peer
        self.expect = (seq + 1) & 0xFF
        self.parts = []  # (a message cut off by the reset: its start is gone)
        if not first:
            self.flight = None
            self.queue = [(HELLO, self.nonce)]
