import { createServer } from "node:net";
import { SMTPServer } from "smtp-server";

/** A real SMTP server on a local port for the tests: what it receives goes into `inbox`. */
export interface Received {
  to: string[];
  raw: string;
  /**
   * The message as one reads it: quoted-printable's soft line breaks and folded header lines
   * joined, so a long text (a name, a title) is found whole wherever the encoder broke its line.
   */
  text: string;
}

const readable = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/\r?\n[ \t]+/g, " ");

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export function startSmtp(port: number, inbox: Received[]): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (d) => {
        raw += d;
      });
      stream.on("end", () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: readable(raw) });
        callback();
      });
    },
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}
