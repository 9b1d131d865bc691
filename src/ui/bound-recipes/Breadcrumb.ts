import { Breadcrumb as ChakraBreadcrumb } from '@chakra-ui/react';
import { breadcrumbSlotRecipe } from '@chakra-ui/react/theme/recipes/breadcrumb';
import { withRootRecipe } from './with-recipe';

/** Chakra's `Breadcrumb`, styled by its default slot recipe. */
export const Breadcrumb = withRootRecipe(ChakraBreadcrumb, breadcrumbSlotRecipe);
