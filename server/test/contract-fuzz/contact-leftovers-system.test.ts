import { defineContractFuzz } from './support/run-contract-fuzz.js';

// The contact form, members' reports and their moderation, the audit log, the leftover customer/product calls and the system calls.
defineContractFuzz('contact, reports, moderation, audit log, leftovers, system', [
  'sendContactMessage',
  'listContactMessages',
  'createReport',
  'moderationAct',
  'listAuditEntries',
  'listCustomers',
  'createCustomer',
  'updateCustomer',
  'deleteCustomer',
  'listProducts',
  'getHealth',
  'getOpenApiDocument',
  'getApiReference',
]);
