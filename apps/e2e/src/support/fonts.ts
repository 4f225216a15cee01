import type { Page } from 'playwright-core';

interface DomNode {
  nodeId: number;
  nodeType: number;
  nodeValue: string;
  children?: DomNode[];
}

const TEXT_NODE = 3;

/** The elements with text of their own, each with that text, depth first. */
function elementsWithText(node: DomNode): { nodeId: number; text: string }[] {
  const children = node.children ?? [];
  const text = children
    .filter((child) => child.nodeType === TEXT_NODE)
    .map((child) => child.nodeValue)
    .join('')
    .trim();
  return [...(text ? [{ nodeId: node.nodeId, text }] : []), ...children.flatMap(elementsWithText)];
}

/**
 * The machine's fonts Chromium drew the page's text with, as problems: a face the web app does not ship (one a
 * stylesheet names, or one standing in for a glyph the shipped faces lack) gives other widths on every machine.
 * Only text that is laid out counts (hidden text uses no font).
 */
export async function machineFonts(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const problems = new Set<string>();
    for (const { nodeId, text } of elementsWithText(root as DomNode)) {
      const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
      for (const font of fonts)
        if (!font.isCustomFont) problems.add(`the machine's font "${font.familyName}" draws "${text.slice(0, 40)}"`);
    }
    return [...problems];
  } finally {
    await cdp.detach();
  }
}
