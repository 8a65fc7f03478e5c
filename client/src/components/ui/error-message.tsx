import { CircleAlert } from 'lucide-react';
import { errorMessages } from '../../api/api-error';
import { cn } from './cn';

/**
 * Either the messages themselves or anything a query or mutation threw
 * (turned into Spanish messages by `errorMessages`; null and undefined give none).
 */
export type ErrorMessageProps = ({ messages: string[]; error?: never } | { error: unknown; messages?: never }) & {
  className?: string;
};

/** A red alert box, one paragraph per message. Nothing renders while there is nothing to say. */
export function ErrorMessage(props: ErrorMessageProps) {
  const messages = (props.messages ?? errorMessages(props.error)).filter((message) => message.trim() !== '');
  if (messages.length === 0) return null;
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-3 rounded-control border border-danger/30 bg-danger-soft px-4 py-3 text-sm text-danger',
        props.className,
      )}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="space-y-1">
        {messages.map((message, index) => (
          <p key={index}>{message}</p>
        ))}
      </div>
    </div>
  );
}
