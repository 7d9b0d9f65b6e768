import { jumpLogin } from '../../src/api/user.ts';
import { Handover } from './handover.tsx';

const exchange = async (code: string) => (await jumpLogin(code)).access_token;

/** /auth-redirect?code=…: a one-time code from another provider system (`user/jump-login`). */
export function AuthRedirectPage() {
  return <Handover param="code" exchange={exchange} />;
}
