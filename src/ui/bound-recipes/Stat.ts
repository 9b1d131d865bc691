import { Stat as ChakraStat } from '@chakra-ui/react';
import { statSlotRecipe } from '@chakra-ui/react/theme/recipes/stat';
import { withRootRecipe } from './with-recipe';

/** Chakra's `Stat`, styled by its default slot recipe. */
export const Stat = withRootRecipe(ChakraStat, statSlotRecipe);
