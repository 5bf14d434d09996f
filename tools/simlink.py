"""The desktop simulator's link cable (issue 58): a link port (firmware/link.py's port: write
and a read that never blocks) over a local TCP socket, so that two simulator windows play
one game, each hand on its own screen:

    make play ARGS="--link host"     the window that hosts: a seat set to "linked"
    make play ARGS="--link join"     the other: "Join a game" at its title

The host listens on 127.0.0.1:PORT (--link-port N for another), the other connects to it,
and either may start first, close and come back: with nobody at the other end a write is
lost, as on a cable that is out, and firmware/link.py sends it again. The bytes are the
boards' frames, unchanged.
"""

import socket
import time

PORT = 47158
RETRY_S = 0.5  # a joiner tries to connect again this often


class SocketPort:
    def __init__(self, role, port=PORT, host="127.0.0.1"):
        if role not in ("host", "join"):
            raise ValueError("--link is host or join, not %r" % (role,))
        self.role = role
        self.address = (host, port)
        self.sock = None  # the connection, while there is one
        self.server = None
        self.tried = -RETRY_S
        if role == "host":
            server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            server.bind(self.address)
            server.listen(1)
            server.setblocking(False)
            self.server = server
            self.address = server.getsockname()  # (port 0: the one the system gave)

    def connection(self):
        """The connection, made or taken now if there is none and it can be; else None."""
        if self.sock is not None:
            return self.sock
        if self.server is not None:
            try:
                sock, _ = self.server.accept()
            except (BlockingIOError, InterruptedError):
                return None
        else:
            now = time.monotonic()
            if now - self.tried < RETRY_S:
                return None
            self.tried = now
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.settimeout(0.05)  # (a local connect: at once, or nobody listens)
            try:
                sock.connect(self.address)
            except OSError:
                sock.close()
                return None
        sock.setblocking(False)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock = sock
        return sock

    def drop(self):
        if self.sock is not None:
            self.sock.close()
            self.sock = None

    def read(self):
        sock = self.connection()
        if sock is None:
            return None
        try:
            data = sock.recv(4096)
        except (BlockingIOError, InterruptedError):
            return None
        except OSError:
            self.drop()
            return None
        if not data:  # the other end closed: listen (or connect) again
            self.drop()
            return None
        return data

    def write(self, data):
        sock = self.connection()
        if sock is None:
            return  # (nobody at the other end: lost, as on a cable that is out)
        try:
            sock.sendall(data)
        except OSError:
            self.drop()

    def close(self):
        self.drop()
        if self.server is not None:
            self.server.close()
            self.server = None
