import { createContext, useContext } from 'react';

export interface ChatPanelState {
  open: boolean;
  setOpen: (open: boolean) => void;
}

/** Whether the alliance chat's panel is open (AppShell holds it: the navbar's button opens it, the page makes room for it). */
export const ChatPanelContext = createContext<ChatPanelState>({ open: false, setOpen: () => undefined });

export function useChatPanel(): ChatPanelState {
  return useContext(ChatPanelContext);
}

/** The panel's element id, for the button's aria-controls. */
export const CHAT_PANEL_ID = 'alliance-chat-panel';
