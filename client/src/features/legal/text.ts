/*
 * The legal texts' format, as the admin writes them in «Textos legales»: plain text, paragraphs
 * separated by a blank line, and a line that starts with "## " is a subheading. Nothing else is
 * markup: the text is shown as text, never as HTML.
 */

export type LegalBlock = { type: 'heading'; text: string } | { type: 'paragraph'; text: string };

/** The format in one sentence, for the admin's form. */
export const LEGAL_TEXT_FORMAT_HINT =
  'Texto simple: separa los párrafos con una línea en blanco; una línea que empieza con «## » es un subtítulo.';

/** The text's blocks: subheadings and paragraphs (a paragraph's own line breaks are kept). */
export function legalBlocks(text: string): LegalBlock[] {
  const blocks: LegalBlock[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', text: paragraph.join('\n') });
    paragraph = [];
  };
  for (const raw of text.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line === '') {
      endParagraph();
    } else if (line.startsWith('## ')) {
      endParagraph();
      const heading = line.slice(3).trim();
      if (heading !== '') blocks.push({ type: 'heading', text: heading });
    } else {
      paragraph.push(line);
    }
  }
  endParagraph();
  return blocks;
}
