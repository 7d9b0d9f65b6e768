import { pinyin } from 'pinyin-pro';

/** Lower-case pinyin initials of a name (`上海医药` → `shyy`), stored beside names for filtering. */
export function pinyinInitials(text: string): string {
  return pinyin(text, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' })
    .join('')
    .replace(/\s+/g, '')
    .toLowerCase();
}
