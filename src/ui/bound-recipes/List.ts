import { List as ChakraList } from '@chakra-ui/react';
import { listSlotRecipe } from '@chakra-ui/react/theme/recipes/list';
import { withRootRecipe } from './with-recipe';

/** Chakra's `List`, styled by its default slot recipe. */
export const List = withRootRecipe(ChakraList, listSlotRecipe);
