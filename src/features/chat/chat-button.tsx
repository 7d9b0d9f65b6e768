import { CHAT_CLICK_GUARD_MS } from '../../lib/click-guard.ts';
import { Button, type ButtonProps } from '../../ui/button/button.tsx';

/** A chat button: the UI kit's button with the chat's 1 s click guard (spec §5). */
export function ChatButton(props: ButtonProps) {
  return <Button size="sm" guardMs={CHAT_CLICK_GUARD_MS} {...props} />;
}
