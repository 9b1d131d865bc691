import { Menu as ChakraMenu } from '@chakra-ui/react';
import { menuSlotRecipe } from '@chakra-ui/react/theme/recipes/menu';
import { withRootRecipe } from './with-recipe';

/** Chakra's `Menu`, styled by its default slot recipe. */
export const Menu = withRootRecipe(ChakraMenu, menuSlotRecipe);
