import { Dialog as ChakraDialog } from '@chakra-ui/react';
import { dialogSlotRecipe } from '@chakra-ui/react/theme/recipes/dialog';
import { withRootRecipe } from './with-recipe';

/** Chakra's `Dialog`, styled by its default slot recipe. */
export const Dialog = withRootRecipe(ChakraDialog, dialogSlotRecipe);
