import { Drawer as ChakraDrawer } from '@chakra-ui/react';
import { drawerSlotRecipe } from '@chakra-ui/react/theme/recipes/drawer';
import { withRootRecipe } from './with-recipe';

/** Chakra's `Drawer`, styled by its default slot recipe. */
export const Drawer = withRootRecipe(ChakraDrawer, drawerSlotRecipe);
