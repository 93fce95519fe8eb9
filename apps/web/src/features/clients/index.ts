/** What other features use of the clients: the project's stages (the pipeline's categories). */
export { useClientCategories, type ClientCategoryRef } from './categories/api/client-categories-query';
