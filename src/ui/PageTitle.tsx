/** The page's one `h1`, in the dashboard's title style. */
import { Heading } from '@chakra-ui/react';

/**
 * Props of {@link PageTitle}: the visible title text, and an `id` when a machine moves focus to the
 * heading (`uiFocus(id)`, e.g. on landing on a page just created, issue 30).
 */
export interface PageTitleProps {
  children: string;
  id?: string;
}

/**
 * Renders the screen title as the page's `h1`; with an `id` it can take focus from a script (not by
 * Tab: `tabIndex` -1), so a screen reader reads where the person has landed.
 */
export function PageTitle({ children, id }: PageTitleProps) {
  return (
    <Heading
      as="h1"
      size="2xl"
      fontWeight="semibold"
      mb="6"
      {...(id === undefined ? {} : { id, tabIndex: -1 })}
    >
      {children}
    </Heading>
  );
}
