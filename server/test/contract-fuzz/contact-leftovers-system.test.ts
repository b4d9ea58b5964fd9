import { defineContractFuzz } from './support/run-contract-fuzz.js';

// The contact form, members' reports, the leftover customer/product calls and the system calls.
defineContractFuzz('contact, reports, leftovers, system', [
  'sendContactMessage',
  'listContactMessages',
  'createReport',
  'listCustomers',
  'createCustomer',
  'updateCustomer',
  'deleteCustomer',
  'listProducts',
  'getHealth',
  'getOpenApiDocument',
  'getApiReference',
]);
