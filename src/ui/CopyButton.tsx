/**
 * The one copy-to-clipboard control (issue 15: tokens and feed URLs): an icon button that copies
 * `value`, shows a tick for a moment and says 'Copied' to screen readers. Built on Chakra's
 * `Clipboard` (the browser's Clipboard API underneath).
 */
import { Clipboard, IconButton, VisuallyHidden } from '@chakra-ui/react';
import { Check, Copy } from 'lucide-react';

/** Props of {@link CopyButton}. */
export interface CopyButtonProps {
  /** The text copied. */
  value: string;
  /** Accessible name, e.g. 'Copy token #12'. */
  label: string;
  /** DOM id of the button, for a machine's `uiFocus` (e.g. the new token's Copy). */
  id?: string;
}

/** A small outline icon button that copies `value` (see the module comment). */
export function CopyButton({ value, label, id }: CopyButtonProps) {
  return (
    <Clipboard.Root value={value} timeout={1500}>
      <Clipboard.Trigger asChild>
        <IconButton id={id} aria-label={label} size="xs" variant="outline">
          <Clipboard.Indicator copied={<Check size={14} aria-hidden />}>
            <Copy size={14} aria-hidden />
          </Clipboard.Indicator>
        </IconButton>
      </Clipboard.Trigger>
      <Clipboard.Context>
        {(clipboard) => <VisuallyHidden role="status">{clipboard.copied ? 'Copied' : ''}</VisuallyHidden>}
      </Clipboard.Context>
    </Clipboard.Root>
  );
}
