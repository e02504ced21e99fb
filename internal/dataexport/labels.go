package dataexport

import (
	"strings"
)

// The printed copy speaks the reader's language: Spanish, or the staff
// user's when the request's Accept-Language names one of the app's six.
// The JSON document has no words to translate (its keys are the API's).

// Languages are the printed copy's languages, in the order of each entry of words.
var Languages = []string{"es", "cat", "it", "pt", "en", "fr"}

// Language picks the first of the app's languages an Accept-Language header
// names ("ca" and "cat" are Catalan), Spanish when it names none.
func Language(header string) string {
	for _, part := range strings.Split(header, ",") {
		tag := strings.ToLower(strings.TrimSpace(strings.SplitN(part, ";", 2)[0]))
		primary := strings.SplitN(strings.ReplaceAll(tag, "_", "-"), "-", 2)[0]
		if primary == "ca" {
			primary = "cat"
		}
		for _, l := range Languages {
			if primary == l {
				return l
			}
		}
	}
	return "es"
}

// word is a label of the dictionary in a language; an unknown label is
// printed as it is (a test keeps every label a section uses in the dictionary).
func word(lang, key string) string {
	w, ok := words[key]
	if !ok {
		return key
	}
	for i, l := range Languages {
		if l == lang {
			return w[i]
		}
	}
	return w[0]
}

// words holds every label of the printed copy: es, cat, it, pt, en, fr.
var words = map[string][6]string{
	"title":     {"Datos del socio nº %d: %s", "Dades del soci núm. %d: %s", "Dati del socio n. %d: %s", "Dados do sócio n.º %d: %s", "Data of member no. %d: %s", "Données du membre n° %d : %s"},
	"generated": {"Generado el %s por %s", "Generat el %s per %s", "Generato il %s da %s", "Gerado em %s por %s", "Generated on %s by %s", "Généré le %s par %s"},
	"intro": {"Copia de todos los datos que el club guarda sobre el socio (RGPD, artículos 15 y 20).",
		"Còpia de totes les dades que el club guarda sobre el soci (RGPD, articles 15 i 20).",
		"Copia di tutti i dati che il club conserva sul socio (GDPR, articoli 15 e 20).",
		"Cópia de todos os dados que o clube guarda sobre o sócio (RGPD, artigos 15.º e 20.º).",
		"A copy of all the data the club holds about the member (GDPR, articles 15 and 20).",
		"Copie de toutes les données que le club conserve sur le membre (RGPD, articles 15 et 20)."},
	"empty": {"Nada registrado", "Res registrat", "Nessun dato registrato", "Nada registado", "Nothing recorded", "Rien d'enregistré"},
	"yes":   {"Sí", "Sí", "Sì", "Sim", "Yes", "Oui"},
	"no":    {"No", "No", "No", "Não", "No", "Non"},

	"section.member":         {"Ficha del socio", "Fitxa del soci", "Scheda del socio", "Ficha do sócio", "Member record", "Fiche du membre"},
	"section.online_account": {"Cuenta online", "Compte en línia", "Account online", "Conta online", "Online account", "Compte en ligne"},
	"section.check_ins":      {"Entradas y salidas", "Entrades i sortides", "Entrate e uscite", "Entradas e saídas", "Check-ins and check-outs", "Entrées et sorties"},
	"section.orders":         {"Pedidos", "Comandes", "Ordini", "Pedidos", "Orders", "Commandes"},
	"section.wallet":         {"Movimientos del monedero", "Moviments del moneder", "Movimenti del borsellino", "Movimentos da carteira", "Wallet movements", "Mouvements du porte-monnaie"},
	"section.consultations":  {"Consultas", "Consultes", "Consultazioni", "Consultas", "Consultations", "Consultations"},
	"section.events":         {"Eventos a los que se apuntó", "Esdeveniments als quals es va apuntar", "Eventi a cui si è iscritto", "Eventos em que se inscreveu", "Events signed up for", "Événements auxquels il s'est inscrit"},
	"section.messages":       {"Mensajes enviados al socio", "Missatges enviats al soci", "Messaggi inviati al socio", "Mensagens enviadas ao sócio", "Messages sent to the member", "Messages envoyés au membre"},
	"section.declarations":   {"Declaraciones de admisión", "Declaracions d'admissió", "Dichiarazioni di ammissione", "Declarações de admissão", "Admission declarations", "Déclarations d'admission"},

	"member.number":         {"Nº de socio", "Núm. de soci", "N. socio", "N.º de sócio", "Member no.", "N° de membre"},
	"member.nombre":         {"Nombre", "Nom", "Nome", "Nome", "First name", "Prénom"},
	"member.surname":        {"Apellidos", "Cognoms", "Cognomi", "Apelidos", "Surnames", "Noms"},
	"member.dni":            {"DNI / NIE", "DNI / NIE", "Documento d'identità", "Documento de identificação", "ID / NIE number", "Pièce d'identité"},
	"member.birthdate":      {"Fecha de nacimiento", "Data de naixement", "Data di nascita", "Data de nascimento", "Date of birth", "Date de naissance"},
	"member.email":          {"Email", "Correu electrònic", "Email", "Email", "Email", "E-mail"},
	"member.telefono":       {"Teléfono", "Telèfon", "Telefono", "Telefone", "Phone", "Téléphone"},
	"member.address":        {"Dirección", "Adreça", "Indirizzo", "Morada", "Address", "Adresse"},
	"member.type":           {"Tipo de socio", "Tipus de soci", "Tipo di socio", "Tipo de sócio", "Member type", "Type de membre"},
	"member.status":         {"Estado", "Estat", "Stato", "Estado", "Status", "Statut"},
	"member.created":        {"Alta", "Alta", "Iscrizione", "Inscrição", "Joined", "Inscription"},
	"member.end_date":       {"Fin de cuota", "Fi de quota", "Fine quota", "Fim da quota", "Fee paid until", "Fin de cotisation"},
	"member.category":       {"Categoría", "Categoria", "Categoria", "Categoria", "Category", "Catégorie"},
	"member.forecast":       {"Previsión de consumo (g/mes)", "Previsió de consum (g/mes)", "Previsione di consumo (g/mese)", "Previsão de consumo (g/mês)", "Consumption forecast (g/month)", "Prévision de consommation (g/mois)"},
	"member.wallet":         {"Saldo del monedero", "Saldo del moneder", "Saldo del borsellino", "Saldo da carteira", "Wallet balance", "Solde du porte-monnaie"},
	"member.negative":       {"Monedero en negativo permitido", "Moneder en negatiu permès", "Saldo negativo consentito", "Carteira negativa permitida", "Negative wallet allowed", "Porte-monnaie négatif autorisé"},
	"member.keychain":       {"Llavero", "Clauer", "Portachiavi", "Porta-chaves", "Key fob", "Porte-clés"},
	"member.notes":          {"Notas", "Notes", "Note", "Notas", "Notes", "Notes"},
	"member.is_staff":       {"Personal del club", "Personal del club", "Personale del club", "Pessoal do clube", "Club staff", "Personnel du club"},
	"member.roles":          {"Roles de personal", "Rols de personal", "Ruoli del personale", "Funções do pessoal", "Staff roles", "Rôles du personnel"},
	"member.online_account": {"Cuenta online", "Compte en línia", "Account online", "Conta online", "Online account", "Compte en ligne"},
	"member.photo":          {"Foto", "Foto", "Foto", "Fotografia", "Photo", "Photo"},
	"member.signature":      {"Firma", "Signatura", "Firma", "Assinatura", "Signature", "Signature"},
	"member.documents":      {"Documentos", "Documents", "Documenti", "Documentos", "Documents", "Documents"},
	"member.guarantors":     {"Socios avalistas", "Socis avaladors", "Soci garanti", "Sócios avalistas", "Guarantor members", "Membres parrains"},
	"document.name":         {"Nombre", "Nom", "Nome", "Nome", "Name", "Nom"},
	"document.url":          {"Dirección del archivo", "Adreça del fitxer", "Indirizzo del file", "Endereço do ficheiro", "File address", "Adresse du fichier"},
	"guarantor.number":      {"Nº de socio", "Núm. de soci", "N. socio", "N.º de sócio", "Member no.", "N° de membre"},
	"guarantor.name":        {"Nombre", "Nom", "Nome", "Nome", "Name", "Nom"},
	"type.ludico":           {"Lúdico", "Lúdic", "Ludico", "Lúdico", "Recreational", "Récréatif"},
	"type.terapeutico":      {"Terapéutico", "Terapèutic", "Terapeutico", "Terapêutico", "Therapeutic", "Thérapeutique"},
	"status.active":         {"Activo", "Actiu", "Attivo", "Ativo", "Active", "Actif"},
	"status.inactive":       {"Inactivo", "Inactiu", "Inattivo", "Inativo", "Inactive", "Inactif"},

	"account.username":   {"Usuario", "Usuari", "Nome utente", "Utilizador", "Username", "Identifiant"},
	"account.email":      {"Email", "Correu electrònic", "Email", "Email", "Email", "E-mail"},
	"account.name":       {"Nombre", "Nom", "Nome", "Nome", "Name", "Nom"},
	"account.dni":        {"DNI / NIE", "DNI / NIE", "Documento d'identità", "Documento de identificação", "ID / NIE number", "Pièce d'identité"},
	"account.phone":      {"Teléfono", "Telèfon", "Telefono", "Telefone", "Phone", "Téléphone"},
	"account.birthdate":  {"Fecha de nacimiento", "Data de naixement", "Data di nascita", "Data de nascimento", "Date of birth", "Date de naissance"},
	"account.created":    {"Creada", "Creat", "Creato", "Criada", "Created", "Créé"},
	"account.last_login": {"Último acceso", "Darrer accés", "Ultimo accesso", "Último acesso", "Last login", "Dernière connexion"},
	"account.activated":  {"Activada por su titular", "Activat pel titular", "Attivato dal titolare", "Ativada pelo titular", "Activated by its holder", "Activé par son titulaire"},
	"account.active":     {"Activa", "Actiu", "Attivo", "Ativa", "Active", "Actif"},

	"declaration.signed_at":         {"Firmada", "Signada", "Firmata", "Assinada", "Signed", "Signée"},
	"declaration.statement":         {"Declaración", "Declaració", "Dichiarazione", "Declaração", "Statement", "Déclaration"},
	"declaration.staff":             {"Ante", "Davant de", "Davanti a", "Perante", "Witnessed by", "Devant"},
	"declaration.not_in_other_club": {"No es socio de otra asociación", "No és soci d'una altra associació", "Non è socio di un'altra associazione", "Não é sócio de outra associação", "Not a member of another club", "N'est membre d'aucune autre association"},
	"declaration.resident":          {"Reside en el país", "Resideix al país", "Risiede nel paese", "Reside no país", "Resident in the country", "Réside dans le pays"},
	"declaration.habitual_use":      {"Consumidor habitual", "Consumidor habitual", "Consumatore abituale", "Consumidor habitual", "Habitual user", "Consommateur habituel"},

	"access.datetime": {"Fecha y hora", "Data i hora", "Data e ora", "Data e hora", "Date and time", "Date et heure"},
	"access.action":   {"Movimiento", "Moviment", "Movimento", "Movimento", "Movement", "Mouvement"},
	"access.ENTRA":    {"Entrada", "Entrada", "Entrata", "Entrada", "Check-in", "Entrée"},
	"access.SALE":     {"Salida", "Sortida", "Uscita", "Saída", "Check-out", "Sortie"},

	"order.lines":      {"Líneas de los pedidos", "Línies de les comandes", "Righe degli ordini", "Linhas dos pedidos", "Order lines", "Lignes des commandes"},
	"order.refunds":    {"Devoluciones", "Devolucions", "Rimborsi", "Devoluções", "Refunds", "Remboursements"},
	"order.id":         {"Pedido", "Comanda", "Ordine", "Pedido", "Order", "Commande"},
	"order.date":       {"Fecha", "Data", "Data", "Data", "Date", "Date"},
	"order.status":     {"Estado", "Estat", "Stato", "Estado", "Status", "Statut"},
	"order.pay_type":   {"Pago", "Pagament", "Pagamento", "Pagamento", "Payment", "Paiement"},
	"order.total":      {"Total", "Total", "Totale", "Total", "Total", "Total"},
	"order.refunded":   {"Devuelto", "Retornat", "Rimborsato", "Devolvido", "Refunded", "Remboursé"},
	"order.staff":      {"Atendido por", "Atès per", "Servito da", "Atendido por", "Served by", "Servi par"},
	"status.cart":      {"En proceso", "En procés", "In corso", "Em curso", "In process", "En cours"},
	"status.completed": {"Completado", "Completada", "Completato", "Concluído", "Completed", "Terminée"},
	"line.product":     {"Producto", "Producte", "Prodotto", "Produto", "Product", "Produit"},
	"line.quantity":    {"Cantidad", "Quantitat", "Quantità", "Quantidade", "Quantity", "Quantité"},
	"line.grams":       {"Gramos", "Grams", "Grammi", "Gramas", "Grams", "Grammes"},
	"line.unit_price":  {"Precio", "Preu", "Prezzo", "Preço", "Price", "Prix"},
	"line.total":       {"Total", "Total", "Totale", "Total", "Total", "Total"},
	"line.refunded":    {"Cant. devuelta", "Quant. retornada", "Q.tà rimborsata", "Qtd. devolvida", "Qty refunded", "Qté remboursée"},
	"refund.date":      {"Fecha", "Data", "Data", "Data", "Date", "Date"},
	"refund.amount":    {"Importe", "Import", "Importo", "Montante", "Amount", "Montant"},
	"refund.pay_type":  {"Método", "Mètode", "Metodo", "Método", "Method", "Méthode"},
	"refund.staff":     {"Hecha por", "Feta per", "Fatto da", "Feita por", "Made by", "Fait par"},
	"refund.reason":    {"Motivo", "Motiu", "Motivo", "Motivo", "Reason", "Motif"},
	"pay.cash":         {"Efectivo", "Efectiu", "Contanti", "Numerário", "Cash", "Espèces"},
	"pay.tpv":          {"Tarjeta", "Targeta", "Carta", "Cartão", "Card", "Carte"},
	"pay.wallet":       {"Monedero", "Moneder", "Borsellino", "Carteira", "Wallet", "Porte-monnaie"},

	"wallet.date":      {"Fecha", "Data", "Data", "Data", "Date", "Date"},
	"wallet.operation": {"Operación", "Operació", "Operazione", "Operação", "Operation", "Opération"},
	"wallet.amount":    {"Importe", "Import", "Importo", "Montante", "Amount", "Montant"},
	"wallet.balance":   {"Saldo", "Saldo", "Saldo", "Saldo", "Balance", "Solde"},
	"wallet.pay_type":  {"Método", "Mètode", "Metodo", "Método", "Method", "Méthode"},
	"wallet.staff":     {"Hecho por", "Fet per", "Fatto da", "Feito por", "Made by", "Fait par"},
	"wallet.add":       {"Recarga", "Recàrrega", "Ricarica", "Carregamento", "Top-up", "Recharge"},
	"wallet.remove":    {"Corrección", "Correcció", "Correzione", "Correção", "Correction", "Correction"},
	"wallet.order":     {"Pedido", "Comanda", "Ordine", "Pedido", "Order", "Commande"},
	"wallet.refund":    {"Devolución", "Devolució", "Rimborso", "Devolução", "Refund", "Remboursement"},

	"event.title":     {"Evento", "Esdeveniment", "Evento", "Evento", "Event", "Événement"},
	"event.start":     {"Inicio", "Inici", "Inizio", "Início", "Starts", "Début"},
	"event.end":       {"Fin", "Fi", "Fine", "Fim", "Ends", "Fin"},
	"event.signed_up": {"Se apuntó el", "Es va apuntar el", "Iscritto il", "Inscreveu-se em", "Signed up on", "Inscrit le"},
	"channel.push":    {"Notificación push", "Notificació push", "Notifica push", "Notificação push", "Push notification", "Notification push"},
	"channel.sms":     {"SMS", "SMS", "SMS", "SMS", "Text message", "SMS"},
	"state.sent":      {"enviado", "enviat", "inviato", "enviada", "sent", "envoyé"},
	"state.not_sent":  {"no enviado", "no enviat", "non inviato", "não enviada", "not sent", "non envoyé"},
	"state.failed":    {"fallido", "fallit", "non riuscito", "falhou", "failed", "échec"},
}
