import { Fieldset as ChakraFieldset } from '@chakra-ui/react';
import { fieldsetSlotRecipe } from '@chakra-ui/react/theme/recipes/fieldset';
import { withRootRecipe } from './with-recipe';

/** Chakra's `Fieldset`, styled by its default slot recipe. */
export const Fieldset = withRootRecipe(ChakraFieldset, fieldsetSlotRecipe);
