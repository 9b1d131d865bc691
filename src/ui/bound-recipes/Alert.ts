import { Alert as ChakraAlert } from '@chakra-ui/react';
import { alertSlotRecipe } from '@chakra-ui/react/theme/recipes/alert';
import { withRootRecipe } from './with-recipe';

/** Chakra's `Alert`, styled by its default slot recipe. */
export const Alert = withRootRecipe(ChakraAlert, alertSlotRecipe);
