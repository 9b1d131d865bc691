import { Table as ChakraTable, useTableStyles } from '@chakra-ui/react';
import { tableSlotRecipe } from '@chakra-ui/react/theme/recipes/table';
import { withRootRecipe } from './with-recipe';

/** Chakra's `Table`, styled by its default slot recipe. */
export const Table = withRootRecipe(ChakraTable, tableSlotRecipe);

/** The slot styles of the enclosing `Table.Root` (Chakra's; from here, as all of the table is). */
export { useTableStyles };
