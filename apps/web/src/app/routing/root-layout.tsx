import { SessionProvider } from '../../lib/session/session-provider.tsx';
import { SessionGate } from './guards.tsx';

export function RootLayout() {
  return (
    <SessionProvider>
      <SessionGate />
    </SessionProvider>
  );
}
