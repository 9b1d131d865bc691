import { Code as ChakraCode } from '@chakra-ui/react';
import { codeRecipe } from '@chakra-ui/react/theme/recipes/code';
import { withRecipe } from './with-recipe';

/** Chakra's `Code`, styled by its default recipe. */
export const Code = withRecipe(ChakraCode, codeRecipe);
