import { Collapsible as ChakraCollapsible } from '@chakra-ui/react';
import { collapsibleSlotRecipe } from '@chakra-ui/react/theme/recipes/collapsible';
import { withRootRecipe } from './with-recipe';

/** Chakra's `Collapsible`, styled by its default slot recipe. */
export const Collapsible = withRootRecipe(ChakraCollapsible, collapsibleSlotRecipe);
