// The realtime phase's sender: HTTP/1.1 POSTs over kept-alive TCP connections, one request at a time on
// each, read only as far as the status and the length of the answer. node:http cost the bench about
// 70 µs of CPU a request (fetch 400 µs); at 2 000 sends a second that was a quarter of one of the two
// cores the server it measures runs on. Writing the request in one piece and finding the end of the
// answer by its Content-Length costs a few µs. See README.md, "Realtime".
import { connect, type Socket } from 'node:net';

interface Waiting {
  resolve: (status: number) => void;
  reject: (error: Error) => void;
}

const headerEnd = Buffer.from('\r\n\r\n');
const chunkedEnd = Buffer.from('0\r\n\r\n');

/** One kept-alive connection: a request is written, its answer read, then the next may go. */
class Connection {
  private readonly socket: Socket;
  private chunks: Buffer[] = [];
  private received = 0;
  private waiting: Waiting | null = null;
  dead = false;

  constructor(host: string, port: number, onFree: (c: Connection) => void) {
    this.socket = connect({ host, port, noDelay: true });
    this.socket.on('data', (data: Buffer) => {
      this.chunks.push(data);
      this.received += data.length;
      const answer = this.chunks.length === 1 ? data : Buffer.concat(this.chunks, this.received);
      const status = answeredStatus(answer);
      if (status === null) return;
      this.chunks = [];
      this.received = 0;
      const waiting = this.waiting;
      this.waiting = null;
      if (status.close) this.close();
      else onFree(this);
      waiting?.resolve(status.code);
    });
    const fail = (error: Error) => {
      this.dead = true;
      const waiting = this.waiting;
      this.waiting = null;
      waiting?.reject(error);
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(new Error('the server closed the connection')));
  }

  send(head: string, body: string, waiting: Waiting) {
    this.waiting = waiting;
    this.socket.write(head + body);
  }

  close() {
    this.dead = true;
    this.socket.destroy();
  }
}

/** The status of a whole answer in `answer`, or null while more is to come. */
function answeredStatus(answer: Buffer): { code: number; close: boolean } | null {
  const end = answer.indexOf(headerEnd);
  if (end < 0) return null;
  const head = answer.toString('latin1', 0, end);
  const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
  if (length !== undefined) {
    if (answer.length < end + 4 + Number(length)) return null;
  } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
    if (!answer.subarray(answer.length - chunkedEnd.length).equals(chunkedEnd)) return null;
  }
  return { code: Number(head.slice(9, 12)), close: /\r\nconnection: *close/i.test(head) };
}

/** POSTs JSON to one server over up to `maxConnections` kept-alive connections. */
export class HttpSender {
  private readonly free: Connection[] = [];
  private readonly all = new Set<Connection>();
  private readonly host: string;
  private readonly port: number;

  constructor(baseUrl: string) {
    const url = new URL(baseUrl);
    this.host = url.hostname;
    this.port = Number(url.port || 80);
  }

  /** The answer's status; rejects when the connection fails. */
  post(path: string, token: string, body: string): Promise<number> {
    const head =
      `POST ${path} HTTP/1.1\r\nHost: ${this.host}:${this.port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nAuthorization: Bearer ${token}\r\n\r\n`;
    let connection = this.free.pop();
    while (connection?.dead) connection = this.free.pop();
    if (!connection) {
      connection = new Connection(this.host, this.port, (c) => {
        if (!c.dead) this.free.push(c);
      });
      this.all.add(connection);
    }
    const chosen = connection;
    return new Promise((resolve, reject) =>
      chosen.send(head, body, {
        resolve,
        reject: (error) => {
          this.all.delete(chosen);
          reject(error);
        },
      }),
    );
  }

  close() {
    for (const c of this.all) c.close();
    this.all.clear();
    this.free.length = 0;
  }
}
