import { newLogin } from '../../src/api/user.ts';
import { updateSession } from '../../src/stores/session.ts';
import { Handover } from './handover.tsx';

async function exchange(token: string): Promise<string> {
  const [first] = await newLogin(token);
  if (!first?.ur_token) throw new Error('new-login returned no token');
  updateSession({ newLogin: first });
  return first.ur_token;
}

/** /jump?token=…: a token of another provider system (`user/new-login` → [{ur_token, flag}]). */
export function JumpPage() {
  return <Handover param="token" exchange={exchange} />;
}
