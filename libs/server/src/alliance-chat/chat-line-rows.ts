import type { AllianceChatMessageDto } from '@runik/contract';

/** A chat line as selected with CHAT_LINE_COLUMNS (`c` the line, `p` its author, joined LEFT: system lines have none). */
export interface ChatLineRow {
  id: string;
  author: string | null;
  text: string;
  created_at: Date;
}

export const CHAT_LINE_COLUMNS = 'c.id, p.hive_username AS author, c.text, c.created_at';

export function chatLineDto(row: ChatLineRow): AllianceChatMessageDto {
  return { id: Number(row.id), author: row.author, text: row.text, createdAt: row.created_at.toISOString() };
}
