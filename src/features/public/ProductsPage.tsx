/** The public products page at /products (spec §2 Top level); the 16-card grid comes in a later issue. */
import { Container, Heading, Text } from '@chakra-ui/react';

/** Renders the page heading and its introduction. */
export function ProductsPage() {
  return (
    <Container as="section" aria-labelledby="products-title" maxW="6xl" py={{ base: '12', md: '16' }}>
      <Heading as="h1" id="products-title" size="3xl" mb="4">
        Products
      </Heading>
      <Text fontSize="lg" color="fg.muted" maxW="3xl">
        The supplements our retailers sync between their stores: every product arrives with its name,
        ingredients, description and images, and its prices and stock stay in step everywhere it is sold.
      </Text>
    </Container>
  );
}
