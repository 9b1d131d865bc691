import { Tabs as ChakraTabs } from '@chakra-ui/react';
import { tabsSlotRecipe } from '@chakra-ui/react/theme/recipes/tabs';
import { withRootRecipe } from './with-recipe';

/** Chakra's `Tabs`, styled by its default slot recipe. */
export const Tabs = withRootRecipe(ChakraTabs, tabsSlotRecipe);
