import { Avatar as ChakraAvatar } from '@chakra-ui/react';
import { avatarSlotRecipe } from '@chakra-ui/react/theme/recipes/avatar';
import { withRootRecipe } from './with-recipe';

/** Chakra's `Avatar`, styled by its default slot recipe. */
export const Avatar = withRootRecipe(ChakraAvatar, avatarSlotRecipe);
