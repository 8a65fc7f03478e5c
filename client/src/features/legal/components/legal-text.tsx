import { legalBlocks } from '../text';

/** A legal text as the admin wrote it: subheadings and paragraphs, shown as text (never as HTML). */
export function LegalText({ text }: { text: string }) {
  return (
    <div className="space-y-3 text-ink-muted">
      {legalBlocks(text).map((block, index) =>
        block.type === 'heading' ? (
          <h2 key={index} className="pt-5 text-subtitle text-ink-strong">
            {block.text}
          </h2>
        ) : (
          <p key={index} className="whitespace-pre-line">
            {block.text}
          </p>
        ),
      )}
    </div>
  );
}
