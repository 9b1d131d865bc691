/**
 * The public products page at /products (spec §2 Top level): 16 identical sample cards of a zinc
 * citrate supplement (image, name, ingredients line, description), 2 columns, 1 on small screens.
 */
import { Card, Container, Grid, Heading, Image, Text } from '@chakra-ui/react';
import { SAMPLE_PRODUCT, SAMPLE_PRODUCT_COUNT } from './products-content';

const cards = Array.from({ length: SAMPLE_PRODUCT_COUNT }, (_, position) => ({
  key: position,
  ...SAMPLE_PRODUCT,
}));

/** Renders the heading, its introduction and the grid of sample cards. */
export function ProductsPage() {
  return (
    <Container as="section" aria-labelledby="products-title" maxW="6xl" py={{ base: '12', md: '16' }}>
      <Heading as="h1" id="products-title" size="3xl" mb="4">
        Products
      </Heading>
      <Text fontSize="lg" color="fg.muted" maxW="3xl" mb="10">
        The supplements our retailers sync between their stores: every product arrives with its name,
        ingredients, description and images, and its prices and stock stay in step everywhere it is sold.
      </Text>
      <Grid as="ul" listStyleType="none" templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="6">
        {cards.map((product) => (
          <Card.Root
            as="li"
            key={product.key}
            flexDirection={{ base: 'column', sm: 'row' }}
            overflow="hidden"
          >
            <Image
              src={product.image_url}
              alt={`${product.name} bottle`}
              width="400"
              height="400"
              objectFit="cover"
              maxW={{ base: 'full', sm: '44' }}
              aspectRatio="1"
              loading="lazy"
              bg="bg.subtle"
            />
            <Card.Body gap="2">
              <Heading as="h2" size="md">
                {product.name}
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                <Text as="span" fontWeight="semibold" color="fg">
                  Ingredients:
                </Text>{' '}
                {product.ingredients}
              </Text>
              <Text fontSize="sm">{product.description}</Text>
            </Card.Body>
          </Card.Root>
        ))}
      </Grid>
    </Container>
  );
}
