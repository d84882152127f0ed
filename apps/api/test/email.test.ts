import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readOutbox, type TestContext } from './support/test-app.ts';

/** A minimal SMTP receiver on loopback: enough of RFC 5321 for one client to deliver mail. */
function startSmtpReceiver(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
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
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 OK queued\r\n');
          continue;
        }
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250 matterhorn-test\r\n');
        else if (command === 'DATA') {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (command === 'QUIT') socket.end('221 Bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, messages })),
  );
}

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let context: TestContext;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  context = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
});
afterAll(async () => {
  await context.close();
  smtp.server.close();
});

describe('email over SMTP', () => {
  it('delivers the verification email to the SMTP server named by SMTP_URL, not the outbox', async () => {
    const email = `smtp.${Date.now()}@firm.example`;
    const signup = await context.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firmName: 'Mail Firm', name: 'Mail Person', email, password: 'correct-horse-battery-staple' },
    });
    expect(signup.statusCode).toBe(201);
    expect(smtp.messages).toHaveLength(1);
    const message = smtp.messages[0]!;
    expect(message).toContain(`To: ${email}`);
    expect(message).toContain('Subject: Verify your Matterhorn account');
    expect(message.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toMatch(/http:\/\/matterhorn\.test\/verification\?token=[\w-]+/);
    expect(await readOutbox(context.config)).toEqual([]);
  });
});
