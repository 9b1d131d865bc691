import { Table as ChakraTable } from '@chakra-ui/react';
import { tableSlotRecipe } from '@chakra-ui/react/theme/recipes/table';
import { withRootRecipe } from './with-recipe';

/** Chakra's `Table`, styled by its default slot recipe (also what plain rows take: `TableRegion.tsx`). */
export const Table = withRootRecipe(ChakraTable, tableSlotRecipe);
