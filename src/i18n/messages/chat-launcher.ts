/**
 * The chat launcher's own words (its label and its keyboard hint): all a partner page's first
 * load carries of the chat's strings; the panel's (chat.ts) come with the panel, on the first open.
 */
export const zh = {
  'chat.launcher': '在线客服',
  'chat.launcherHint': '方向键可移动此按钮',
};

export const en: Record<keyof typeof zh, string> = {
  'chat.launcher': 'Online Customer Service',
  'chat.launcherHint': 'Arrow keys move this button',
};
