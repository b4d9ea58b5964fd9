import { defineContractFuzz } from './support/run-contract-fuzz.js';

// The contact form, the leftover customer/product calls and the system calls.
defineContractFuzz('contact, leftovers, system', [
  'sendContactMessage',
  'listContactMessages',
  'listCustomers',
  'createCustomer',
  'updateCustomer',
  'deleteCustomer',
  'listProducts',
  'getHealth',
  'getOpenApiDocument',
  'getApiReference',
]);
