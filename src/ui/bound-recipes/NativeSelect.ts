import { NativeSelect as ChakraNativeSelect } from '@chakra-ui/react';
import { nativeSelectSlotRecipe } from '@chakra-ui/react/theme/recipes/native-select';
import { withRootRecipe } from './with-recipe';

/** Chakra's `NativeSelect`, styled by its default slot recipe. */
export const NativeSelect = withRootRecipe(ChakraNativeSelect, nativeSelectSlotRecipe);
