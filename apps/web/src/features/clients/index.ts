/**
 * What other features use of the clients: the project's stages (the pipeline's categories); and
 * the global client search, which the header opens.
 */
export { useClientCategories, type ClientCategoryRef } from './categories/api/client-categories-query';
export { preloadClientSearch, useClientSearchModal } from './search/components/search-modal-opener';
/** The client form's groups and fields (a lead form picks which it asks). */
export { useClientForm } from './form/api/get-form';
