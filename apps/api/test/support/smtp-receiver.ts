import { createServer, type AddressInfo, type Server } from 'node:net';

export type SmtpReceiver = {
  server: Server;
  port: number;
  url: string;
  messages: string[];
  /** While true, every sender is refused at MAIL FROM with a permanent error (554), as a mail server that will not relay. */
  isRefusing: boolean;
  close(): Promise<void>;
};

/** A minimal SMTP receiver on loopback: enough of RFC 5321 for one client to deliver mail, or to be refused. */
export function startSmtpReceiver(): Promise<SmtpReceiver> {
  const receiver = { messages: [] as string[], isRefusing: false } as SmtpReceiver;
  const server = createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 matterhorn-test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let newline: number;
      while ((newline = buffer.indexOf('\r\n')) >= 0) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          receiver.messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 OK queued\r\n');
          continue;
        }
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250 matterhorn-test\r\n');
        else if (command === 'MAIL' && receiver.isRefusing) socket.write('554 5.7.1 Relay access denied\r\n');
        else if (command === 'DATA') {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (command === 'QUIT') socket.end('221 Bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      Object.assign(receiver, {
        server,
        port,
        url: `smtp://127.0.0.1:${port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
      resolve(receiver);
    }),
  );
}
