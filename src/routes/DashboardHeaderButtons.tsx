/**
 * The dashboard top bar's buttons that open its menus (spec §2 Dashboard layout): the apps grid's and
 * the user menu's. The layout draws them before the menus' code is downloaded (issue 31) and the menus
 * wrap the same buttons as their triggers, so the bar looks the same before and after.
 */
import { Button, IconButton, Text } from '@chakra-ui/react';
import type { ButtonProps } from '@chakra-ui/react';
import { ChevronDown, CircleUser, LayoutGrid } from 'lucide-react';

/** The apps grid's button; takes a button's props (a menu trigger's, or a press handler). */
export function AppsButton(props: ButtonProps) {
  return (
    <IconButton aria-label="Apps" variant="ghost" {...props}>
      <LayoutGrid />
    </IconButton>
  );
}

/**
 * The user menu's button, showing `name` (the signed-in user's first and last name, '' while unknown:
 * then it is labelled 'User menu'); takes a button's other props.
 */
export function UserButton({ name, ...props }: ButtonProps & { name: string }) {
  return (
    <Button variant="ghost" aria-label={name === '' ? 'User menu' : undefined} {...props}>
      <CircleUser aria-hidden />
      <Text as="span" maxW={{ base: '32', md: '60' }} truncate>
        {name}
      </Text>
      <ChevronDown aria-hidden />
    </Button>
  );
}
